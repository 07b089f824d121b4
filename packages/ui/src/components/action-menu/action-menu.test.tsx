import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { ActionMenu } from './action-menu';

describe('ActionMenu', () => {
  it('opens from the default "Mais opções" button and runs the chosen action', async () => {
    const user = userEvent.setup();
    const details = vi.fn();
    const remove = vi.fn();
    render(
      <ActionMenu
        options={[
          { label: 'Dados do contato', action: details, icon: <span data-testid="icon" /> },
          { label: 'Remover', action: remove, destructive: true },
        ]}
      />,
    );
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mais opções' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remover' })).toHaveAttribute('data-destructive');
    expect(screen.getByRole('menuitem', { name: 'Dados do contato' })).toContainElement(screen.getByTestId('icon'));

    await user.click(screen.getByRole('menuitem', { name: 'Dados do contato' }));
    expect(details).toHaveBeenCalledTimes(1);
    expect(remove).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('accepts a custom trigger and keyboard selection', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    render(<ActionMenu trigger={<Button width="sm">Ações</Button>} options={[{ label: 'Criar Conta', action: create }]} />);
    expect(screen.queryByRole('button', { name: 'Mais opções' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ações' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(create).toHaveBeenCalledTimes(1);
  });
});
