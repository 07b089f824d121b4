import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import { MAX_VISIBLE_TOASTS, PRODUCT_TOAST_DURATION, dismissToast, getToasts, resetToastStore, toast } from '@chat/ui/toast-store';
import { useToast } from './use-toast';

function viewport() {
  return screen.getByRole('region', { name: /Notificações/ });
}

function visibleToasts() {
  return within(viewport()).queryAllByRole('listitem');
}

afterEach(() => {
  act(() => resetToastStore());
  vi.useRealTimers();
});

describe('toast()', () => {
  it('uses the product duration of 3000 ms unless given one', () => {
    expect(PRODUCT_TOAST_DURATION).toBe(3000);
    toast({ title: 'Padrão' });
    toast({ title: 'Longo', duration: 8000 });
    expect(getToasts().map((t) => [t.title, t.duration, t.type])).toEqual([
      ['Padrão', 3000, 'default'],
      ['Longo', 8000, 'default'],
    ]);
  });

  it('works outside React: queued before the provider mounts, shown once it does', () => {
    toast({ title: 'Bem vindo!', description: 'Login Realizado com sucesso!', type: 'success' });
    render(<ToastProvider />);
    const [item] = visibleToasts();
    expect(item).toBeDefined();
    expect(item).toHaveTextContent('Bem vindo!');
    expect(item).toHaveTextContent('Login Realizado com sucesso!');
  });

  it('keeps at most MAX_VISIBLE_TOASTS open, closing the oldest', () => {
    render(<ToastProvider />);
    act(() => {
      for (let i = 1; i <= MAX_VISIBLE_TOASTS + 2; i += 1) toast({ title: `Aviso ${i}` });
    });
    const items = visibleToasts();
    expect(items).toHaveLength(MAX_VISIBLE_TOASTS);
    expect(items[0]).toHaveTextContent('Aviso 3');
  });
});

describe('ToastProvider', () => {
  it('shows title, description and type', () => {
    render(<ToastProvider />);
    expect(visibleToasts()).toHaveLength(0);
    act(() => {
      toast({ title: 'Falha ao realizar login', description: 'Senha incorreta', type: 'error' });
    });
    const [item] = visibleToasts();
    expect(item).toHaveAttribute('data-type', 'error');
    expect(item).toHaveAttribute('data-state', 'open');
    expect(within(item!).getByText('Falha ao realizar login')).toBeInTheDocument();
    expect(within(item!).getByText('Senha incorreta')).toBeInTheDocument();
  });

  it.each(['default', 'success', 'alert'] as const)('marks the %s type', (type) => {
    render(<ToastProvider />);
    act(() => {
      toast({ title: 'Tipo', type });
    });
    expect(visibleToasts()[0]).toHaveAttribute('data-type', type);
  });

  it('closes on its close button', async () => {
    const user = userEvent.setup();
    render(<ToastProvider />);
    act(() => {
      toast({ title: 'Chave copiada', duration: 60_000 });
    });
    expect(visibleToasts()).toHaveLength(1);
    await user.click(within(viewport()).getByRole('button', { name: 'Fechar' }));
    expect(visibleToasts()).toHaveLength(0);
    expect(getToasts().every((t) => !t.open)).toBe(true);
  });

  it('closes by itself after its duration', () => {
    vi.useFakeTimers();
    render(<ToastProvider />);
    act(() => {
      toast({ title: 'Senha redefinida com sucesso', type: 'success' });
    });
    expect(visibleToasts()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(PRODUCT_TOAST_DURATION - 100);
    });
    expect(visibleToasts()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(visibleToasts()).toHaveLength(0);

    // And it leaves the store once its exit animation had time to run.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(getToasts()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    vi.useFakeTimers();
    render(<ToastProvider />);
    act(() => {
      toast({ title: 'Demorado', duration: 6000 });
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(visibleToasts()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(visibleToasts()).toHaveLength(0);
  });

  it('closes on a swipe to the right', () => {
    render(<ToastProvider />);
    act(() => {
      toast({ title: 'Arraste', duration: 60_000 });
    });
    const [item] = visibleToasts();
    const pointer = { pointerId: 1, pointerType: 'mouse', button: 0, clientY: 10 };
    fireEvent.pointerDown(item!, { ...pointer, clientX: 10 });
    fireEvent.pointerMove(item!, { ...pointer, clientX: 20 });
    fireEvent.pointerMove(item!, { ...pointer, clientX: 120 });
    fireEvent.pointerUp(item!, { ...pointer, clientX: 120 });
    expect(visibleToasts()).toHaveLength(0);
  });

  it('can be dismissed programmatically', () => {
    render(<ToastProvider />);
    let id = '';
    act(() => {
      id = toast({ title: 'Um', duration: 60_000 });
      toast({ title: 'Dois', duration: 60_000 });
    });
    act(() => dismissToast(id));
    expect(visibleToasts()).toHaveLength(1);
    expect(visibleToasts()[0]).toHaveTextContent('Dois');
  });
});

describe('useToast', () => {
  it('returns the same toast function', async () => {
    function SaveButton() {
      const { toast: show } = useToast();
      return (
        <button type="button" onClick={() => show({ title: 'Grupo criado com sucesso', type: 'success' })}>
          Salvar
        </button>
      );
    }
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(visibleToasts()[0]).toHaveTextContent('Grupo criado com sucesso');
    expect(visibleToasts()[0]).toHaveAttribute('data-type', 'success');
  });
});

describe('ToastHost', () => {
  it('renders nothing until a toast is raised, then shows it', async () => {
    const { ToastHost } = await import('./toast-host');
    const { container } = render(<ToastHost />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      toast({ title: 'Primeiro aviso', description: 'carregado sob demanda', type: 'success' });
    });
    expect(await screen.findByText('Primeiro aviso')).toBeInTheDocument();
    expect(screen.getByText('carregado sob demanda')).toBeInTheDocument();
  });
});
