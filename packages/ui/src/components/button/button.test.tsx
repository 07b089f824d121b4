import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { IconButton } from './icon-button';
import styles from './button.module.css';

describe('Button', () => {
  it('renders children with the default look (primary, md, full width, solid)', () => {
    render(<Button>Entrar</Button>);
    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('data-color-type', 'primary');
    expect(button).toHaveAttribute('data-size', 'md');
    expect(button).toHaveAttribute('data-width', 'full');
    expect(button).toHaveAttribute('data-rounded', 'md');
    expect(button).toHaveAttribute('data-variant', 'solid');
    expect(button).toHaveClass(styles['width-full']!, styles['color-primary']!);
  });

  it('exposes colour, size, width, corners and variant as data attributes and classes', () => {
    render(
      <Button colorType="destructive" size="xs" width="sm" rounded="full" variant="outline">
        Remover
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Remover' });
    expect(button).toHaveAttribute('data-color-type', 'destructive');
    expect(button).toHaveAttribute('data-size', 'xs');
    expect(button).toHaveAttribute('data-width', 'sm');
    expect(button).toHaveAttribute('data-rounded', 'full');
    expect(button).toHaveAttribute('data-variant', 'outline');
    expect(button).toHaveClass(
      styles['color-destructive']!,
      styles['size-xs']!,
      styles['width-sm']!,
      styles['rounded-full']!,
      styles['variant-outline']!,
    );
    expect(button).not.toHaveClass(styles['width-full']!);
  });

  it('is disabled and shows "Carregando..." with a spinner while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Salvar
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Carregando...');
    expect(button).not.toHaveTextContent('Salvar');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('data-loading');
    expect(button.querySelector('[data-size="xsm"]')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('colorType "disabled" disables the button', () => {
    render(<Button colorType="disabled">Enviar</Button>);
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('runs onClick and puts the caller className last', async () => {
    const onClick = vi.fn();
    render(
      <Button className="mine" onClick={onClick}>
        Ok
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Ok' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.className.split(' ').at(-1)).toBe('mine');
  });
});

describe('IconButton', () => {
  it('is a square ghost button named by aria-label and does not submit forms', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <IconButton aria-label="Fechar">x</IconButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Fechar' });
    expect(button).toHaveClass(styles.icon!);
    expect(button).toHaveAttribute('data-variant', 'ghost');
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
