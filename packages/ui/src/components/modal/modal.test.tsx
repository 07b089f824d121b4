import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button/button';
import { Modal } from './modal';
import styles from './modal.module.css';

describe('Modal', () => {
  it('opens from its trigger and closes with "Fechar"', async () => {
    const user = userEvent.setup();
    render(
      <Modal trigger={<Button>Novo</Button>} title="Editar grupo" description="Altere os dados">
        <p>Conteúdo do modal</p>
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar grupo' });
    expect(dialog).toHaveAccessibleDescription('Altere os dados');
    expect(screen.getByText('Conteúdo do modal')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses md width and auto height by default', async () => {
    render(<Modal title="Padrão" defaultOpen />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveClass(styles['width-md']!, styles['height-auto']!);
    expect(dialog).toHaveAttribute('data-max-width', 'md');
    expect(dialog).toHaveAttribute('data-height', 'auto');
  });

  it.each([
    ['sm', 35],
    ['lg', 55],
    ['xl', 65],
  ] as const)('applies the %s width and %i vh height classes', async (maxWidth, height) => {
    render(<Modal title="Tamanhos" defaultOpen maxWidth={maxWidth} height={height} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveClass(styles[`width-${maxWidth}`]!, styles[`height-${height}`]!);
    expect(dialog).not.toHaveClass(styles['width-md']!);
    expect(dialog).not.toHaveClass(styles['height-auto']!);
  });

  it('works controlled, reporting close requests through onOpenChange', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [open, setOpen] = useState(true);
      return (
        <Modal
          title="Controlado"
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Modal focus', () => {
  it('focuses the first field of the body when it opens', async () => {
    render(
      <Modal title="Novo grupo" defaultOpen>
        <input aria-label="Nome" />
      </Modal>,
    );
    const field = await screen.findByRole('textbox', { name: 'Nome' });
    expect(field).toHaveFocus();
  });
});
