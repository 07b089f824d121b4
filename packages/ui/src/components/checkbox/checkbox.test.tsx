import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('toggles when clicked, reporting a boolean', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Lembrar de mim" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Lembrar de mim' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('data-state', 'unchecked');

    await user.click(box);
    expect(box).toBeChecked();
    expect(box).toHaveAttribute('data-state', 'checked');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByText('Lembrar de mim'));
    expect(box).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('works controlled', async () => {
    function Controlled() {
      const [checked, setChecked] = useState(true);
      return (
        <>
          <Checkbox label="Aceito" checked={checked} onCheckedChange={setChecked} />
          <output>{checked ? 'sim' : 'não'}</output>
        </>
      );
    }
    render(<Controlled />);
    const box = screen.getByRole('checkbox', { name: 'Aceito' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    expect(screen.getByText('não')).toBeInTheDocument();
  });
});
