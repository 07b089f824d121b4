import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionEntity } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { dismissToast, ToastHost } from '@chat/ui';
import { renderWithQueryClient } from '@chat/ui/testing';
import { SessionsSection } from './sessions-section';

// Segurança's list of sessions against a mocked api-client; the sign-out goes to the real bus.

const api = vi.hoisted(() => {
  class ApiCallError extends Error {
    constructor(readonly serverMessage: string | null) {
      super(serverMessage ?? 'falha');
    }
  }
  return { ApiCallError, listSessions: vi.fn(), endSession: vi.fn(), endAllSessions: vi.fn() };
});
vi.mock('@chat/api-client', () => ({
  ...api,
  isTransientFailure: () => false,
  apiErrorMessage: (error: unknown, fallback: string) =>
    error instanceof api.ApiCallError && error.serverMessage ? error.serverMessage : fallback,
}));

const here: SessionEntity = {
  id: 's-here',
  device: 'Windows · Computador',
  browser: 'Firefox 126',
  createdAt: '2026-12-06T20:00:00.000Z',
  lastUsedAt: '2026-12-07T00:40:00.000Z',
  current: true,
};
const phone: SessionEntity = {
  id: 's-phone',
  device: 'Android · Celular',
  browser: 'Chrome 124',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUsedAt: '2026-12-05T09:30:00.000Z',
  current: false,
};

const signOuts = vi.fn();
let off: () => void;

function renderSection() {
  renderWithQueryClient(
    <>
      <SessionsSection />
      <ToastHost />
    </>,
  );
}
const row = (name: RegExp) => screen.findByRole('listitem', { name });

beforeEach(() => {
  api.listSessions.mockResolvedValue({ status: 200, data: { sessions: [here, phone] } });
  api.endSession.mockResolvedValue({ status: 204, data: undefined });
  api.endAllSessions.mockResolvedValue({ status: 204, data: undefined });
  eventBus.on('session:signout', signOuts);
  off = () => eventBus.off('session:signout', signOuts);
});
afterEach(() => {
  off();
  vi.clearAllMocks();
  dismissToast();
});

describe('Sessões ativas', () => {
  it('lists each session with browser, device and last use; only the current one says "Este dispositivo"', async () => {
    renderSection();
    const mine = await row(/Firefox 126/);
    expect(within(mine).getByText('Este dispositivo')).toBeInTheDocument();
    expect(within(mine).getByText(/Windows · Computador/)).toBeInTheDocument();
    const other = await row(/Chrome 124/);
    expect(within(other).queryByText('Este dispositivo')).toBeNull();
    expect(within(other).getByText(/Último uso: 05\/12\/2026/)).toBeInTheDocument();
  });

  it('ends another session: it leaves the list, this tab stays signed in', async () => {
    renderSection();
    await userEvent.click(within(await row(/Chrome 124/)).getByRole('button', { name: 'Encerrar' }));
    expect(api.endSession).toHaveBeenCalledWith('s-phone');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /Chrome 124/ })).toBeNull());
    expect(await screen.findByText('Sessão encerrada')).toBeInTheDocument();
    expect(signOuts).not.toHaveBeenCalled();
  });

  it('ending the current session signs this tab out', async () => {
    renderSection();
    await userEvent.click(within(await row(/Firefox 126/)).getByRole('button', { name: 'Encerrar' }));
    expect(api.endSession).toHaveBeenCalledWith('s-here');
    await waitFor(() => expect(signOuts).toHaveBeenCalledTimes(1));
  });

  it('shows the server’s message when ending fails, and keeps the session listed', async () => {
    api.endSession.mockRejectedValue(new api.ApiCallError('Sessão não encontrada'));
    renderSection();
    await userEvent.click(within(await row(/Chrome 124/)).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText('Sessão não encontrada')).toBeInTheDocument();
    expect(await row(/Chrome 124/)).toBeInTheDocument();
    expect(signOuts).not.toHaveBeenCalled();
  });

  it('"Sair de todos os dispositivos" asks first; cancelling ends nothing, confirming ends all and signs out', async () => {
    renderSection();
    await row(/Firefox 126/);
    await userEvent.click(screen.getByRole('button', { name: /Sair de todos os dispositivos/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair de todos os dispositivos?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.endAllSessions).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /Sair de todos os dispositivos/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sair de todos' }));
    expect(api.endAllSessions).toHaveBeenCalledWith({});
    await waitFor(() => expect(signOuts).toHaveBeenCalledTimes(1));
  });
});
