import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FullScreenDialog } from './full-screen-dialog';

describe('FullScreenDialog', () => {
  it('is named by its title, shows its subtitle, actions and body, and closes with "Fechar" or Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <FullScreenDialog
        open
        onOpenChange={onOpenChange}
        title="Imagem enviada por Ana"
        subtitle="Hoje às 10:00"
        actions={<a href="/x">Baixar</a>}
      >
        <p>A foto</p>
      </FullScreenDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Imagem enviada por Ana' });
    expect(dialog).toHaveTextContent('Hoje às 10:00');
    expect(screen.getByRole('link', { name: 'Baixar' })).toBeInTheDocument();
    expect(screen.getByText('A foto')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    onOpenChange.mockClear();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });
});
