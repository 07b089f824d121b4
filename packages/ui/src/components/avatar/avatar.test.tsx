import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { identityColor, identityTextColor, initialsOf } from '../../lib/identity-color';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('without a photo shows the initials on the colour of its key, named for assistive technology', () => {
    render(<Avatar name="Ana Souza" colorKey="u-1" src={null} size="lg" />);
    const avatar = screen.getByRole('img', { name: 'Ana Souza' });
    expect(avatar).toHaveAttribute('data-initials', 'AS');
    expect(avatar).toHaveTextContent('');
    expect(identityColor('u-1')).toMatch(/^var\(--ui-identity-\d\)$/);
    expect(avatar.style.backgroundColor).toBe(identityColor('u-1'));
    expect(avatar.closest('[data-size]')).toHaveAttribute('data-size', 'lg');
  });

  it('with a url that has not loaded, falls back to the initials after a short delay', () => {
    vi.useFakeTimers();
    try {
      render(<Avatar name="Bruno" src="https://example.test/bruno.png" />);
      // jsdom never loads images, so the Radix image stays hidden.
      expect(screen.queryByRole('img')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(400);
      });
      expect(screen.getByRole('img', { name: 'Bruno' })).toHaveAttribute('data-initials', 'B');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('identity colours and initials', () => {
  it('gives a key the same colour every time, and spreads keys over the palette', () => {
    expect(identityColor('abc')).toBe(identityColor('abc'));
    const colours = new Set(Array.from({ length: 200 }, (_, i) => identityColor(`user-${i}`)));
    expect(colours.size).toBeGreaterThanOrEqual(8);
  });

  it("gives a key's name the same hue as its avatar, as the theme's text colour", () => {
    for (const key of ['abc', 'u-1', 'user-42']) {
      const fill = identityColor(key).match(/\d+/)![0];
      expect(identityTextColor(key)).toBe(`var(--ui-identity-text-${fill})`);
    }
  });

  it('takes the first and last words, whole letters, upper-cased', () => {
    expect(initialsOf('ana maria souza')).toBe('AS');
    expect(initialsOf('  Édson  ')).toBe('É');
    expect(initialsOf('Projeto Aurora')).toBe('PA');
    expect(initialsOf('😀 Time')).toBe('😀T');
    expect(initialsOf('')).toBe('');
  });
});
