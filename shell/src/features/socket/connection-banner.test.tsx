import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventBus } from '@chat/event-bus';
import { ConnectionBanner } from './connection-banner';

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
