import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { eventBus } from '@chat/event-bus';
import { ConnectionBanner } from './connection-banner';

const ui = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('@chat/ui', async (importOriginal) => ({ ...(await importOriginal<object>()), ...ui }));

describe('connection banner (the outbox count)', () => {
  it('says how many messages wait while the connection is down, and nothing once it is back', () => {
    const { rerender } = render(<ConnectionBanner waiting={1} />);
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => eventBus.emit('socket:status', { status: 'reconnecting' }));
    expect(screen.getByRole('status')).toHaveTextContent('Conexão perdida. Reconectando...1 mensagem aguardando conexão');
    rerender(<ConnectionBanner waiting={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('2 mensagens aguardando conexão');
    rerender(<ConnectionBanner waiting={0} />);
    expect(screen.getByRole('status')).not.toHaveTextContent('aguardando');

    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('connection banner (a socket the server closed on purpose)', () => {
  it('says nothing while the page connects again, and no "Conexão restabelecida" after', () => {
    render(<ConnectionBanner />);
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    ui.toast.mockClear();
    act(() => eventBus.emit('socket:status', { status: 'reconnecting', byServer: true }));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('speaks up once connecting again fails, and toasts when it is back', () => {
    render(<ConnectionBanner />);
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    ui.toast.mockClear();
    act(() => eventBus.emit('socket:status', { status: 'reconnecting', byServer: true }));
    act(() => eventBus.emit('socket:status', { status: 'reconnecting' }));
    expect(screen.getByRole('status')).toHaveTextContent('Conexão perdida. Reconectando...');
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    expect(ui.toast).toHaveBeenCalledWith({ type: 'success', title: 'Conexão restabelecida' });
  });

  it('a lost connection still says so and toasts when it is back', () => {
    render(<ConnectionBanner />);
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    ui.toast.mockClear();
    act(() => eventBus.emit('socket:status', { status: 'reconnecting' }));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    expect(ui.toast).toHaveBeenCalledTimes(1);
  });
});
