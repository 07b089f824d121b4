import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AVATAR_PLACEHOLDER_URL } from '../../assets/avatar-placeholder';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the placeholder image when there is no url', () => {
    render(<Avatar name="Ana Souza" src={null} size="lg" />);
    const img = screen.getByRole('img', { name: 'Ana Souza' });
    expect(img).toHaveAttribute('src', AVATAR_PLACEHOLDER_URL);
    expect(AVATAR_PLACEHOLDER_URL).toMatch(/^data:image\/svg\+xml/);
    expect(img.closest('[data-size]')).toHaveAttribute('data-size', 'lg');
  });

  it('with a url that has not loaded, falls back to the placeholder after a short delay', () => {
    vi.useFakeTimers();
    try {
      render(<Avatar name="Bruno" src="https://example.test/bruno.png" />);
      // jsdom never loads images, so the Radix image stays hidden.
      expect(screen.queryByRole('img')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(400);
      });
      expect(screen.getByRole('img', { name: 'Bruno' })).toHaveAttribute('src', AVATAR_PLACEHOLDER_URL);
    } finally {
      vi.useRealTimers();
    }
  });
});
