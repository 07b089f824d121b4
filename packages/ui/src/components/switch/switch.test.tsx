import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

describe('Switch', () => {
  it('is a labelled switch that reports its new state', async () => {
    const onCheckedChange = vi.fn();
    render(
      <>
        <label htmlFor="s">Poligonais</label>
        <Switch id="s" defaultChecked={false} onCheckedChange={onCheckedChange} className="extra" />
      </>,
    );
    const control = screen.getByRole('switch', { name: 'Poligonais' });
    expect(control).not.toBeChecked();
    expect(control).toHaveClass('extra');
    await userEvent.click(control);
    expect(control).toBeChecked();
    expect(control).toHaveAttribute('data-state', 'checked');
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
