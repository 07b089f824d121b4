import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchInput } from './search-input';

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchInput
      value={value}
      placeholder="Buscar membro"
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('SearchInput', () => {
  it('reports typed text as a string', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar membro' }), 'ana');
    expect(onChange).toHaveBeenLastCalledWith('ana');
    expect(screen.getByRole('searchbox')).toHaveValue('ana');
  });

  it('shows a clear button only with text, and clearing empties and refocuses', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Limpar busca' })).toBeNull();

    const input = screen.getByRole('searchbox');
    await user.type(input, 'bru');
    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Limpar busca' })).toBeNull();
  });
});
