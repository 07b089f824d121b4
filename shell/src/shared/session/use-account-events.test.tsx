import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_TEXTS, SESSION_TEXTS, WORKSPACE_EXPORT_TEXTS, type AppConfig, type User } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { ToastHost } from '@chat/ui';
import { resetToastStore } from '@chat/ui/toast-store';
import { loadApiClient } from '../api/load-api-client';
import { AppConfigContext } from '../config/config-context';
import { apiError, fakeJwt, startApiServer, type ApiServer } from '../../testing/api-server';
import { SessionProvider, useSession } from './session-context';
import { readSession, writeSession } from './storage';
import { useAccountEvents } from './use-account-events';

// The shell's side of the account events against a real HTTP server: a role change renews the
// token and reloads the own user; a deactivation ends the session with a toast.
const ACCESS_OLD = fakeJwt(Date.now() / 1000 + 900, 'velho');
const ACCESS_NEW = fakeJwt(Date.now() / 1000 + 900, 'novo');
const me: User = {
  id: 'u1',
  name: 'Bruno',
  nickName: 'bruno',
  email: 'bruno@demo.chat',
  role: 'USER',
  avatarUrl: null,
  neoCustomData: null,
  workspaces: [{ id: 'w1', name: 'Equipe', features: [] }],
};

let api: ApiServer;
let config: AppConfig;
let serverUser: User = me;
/** After a password change elsewhere, the server refuses this browser's old refresh token. */
let refreshRevoked = false;
/** The refresh token's own lifetime is over (nothing was changed elsewhere). */
let refreshExpired = false;

beforeAll(async () => {
  api = await startApiServer(({ path, auth }) => {
    if (path === '/refresh-token/use') {
      return refreshRevoked || refreshExpired
        ? apiError(401, 'Sessão expirada')
        : { status: 200, body: { accessToken: ACCESS_NEW, refreshToken: 'r2' } };
    }
    // The new role is only visible with the renewed token, as on the real server, whose 401 for a
    // token issued before a password change says so.
    if (path === '/auth/me') {
      if (auth === `Bearer ${ACCESS_NEW}`) return { status: 200, body: serverUser };
      return apiError(401, refreshRevoked ? SESSION_TEXTS.passwordChanged.description : 'Sessão inválida ou expirada');
    }
    return apiError(404, 'Não encontrado');
  });
  config = api.config;
});
afterAll(() => api.close());

beforeEach(() => {
  localStorage.clear();
  api.calls.length = 0;
  serverUser = me;
  refreshRevoked = false;
  refreshExpired = false;
  resetToastStore();
  writeSession(me, { accessToken: ACCESS_OLD, refreshToken: 'r1' });
});

function Probe() {
  useAccountEvents();
  const { user, tokenIsValid } = useSession();
  return <p>{tokenIsValid && user ? `${user.name}:${user.role}` : 'fora'}</p>;
}

let wentHome = 0;
function renderProbe() {
  wentHome = 0;
  render(
    <AppConfigContext.Provider value={config}>
      <SessionProvider navigateHome={() => void wentHome++}>
        <Probe />
        <ToastHost />
      </SessionProvider>
    </AppConfigContext.Provider>,
  );
}

describe('useAccountEvents', () => {
  it('session:changed renews the token, then reloads the user with its new role', async () => {
    renderProbe();
    expect(screen.getByText('Bruno:USER')).toBeInTheDocument();
    serverUser = { ...me, role: 'ADMIN' };
    act(() => eventBus.emit('session:changed', { reason: 'role' }));
    expect(await screen.findByText('Bruno:ADMIN')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/refresh-token/use', '/auth/me']);
    expect(readSession()).toMatchObject({ token: ACCESS_NEW, refreshToken: 'r2', user: { role: 'ADMIN' } });
  });

  it('user:updated about me replaces the stored user; about someone else changes nothing', async () => {
    renderProbe();
    act(() => eventBus.emit('user:updated', { ...me, id: 'u2', name: 'Outro' }));
    expect(screen.getByText('Bruno:USER')).toBeInTheDocument();
    act(() => eventBus.emit('user:updated', { ...me, name: 'Bruno Lima' }));
    expect(await screen.findByText('Bruno Lima:USER')).toBeInTheDocument();
    expect(readSession().user?.name).toBe('Bruno Lima');
    expect(api.calls).toEqual([]);
  });

  it('account:deactivated about me ends the session with a toast; about someone else it is ignored', async () => {
    renderProbe();
    act(() => eventBus.emit('account:deactivated', { userId: 'u2' }));
    expect(screen.getByText('Bruno:USER')).toBeInTheDocument();
    act(() => eventBus.emit('account:deactivated', { userId: 'u1' }));
    expect(await screen.findByText('fora')).toBeInTheDocument();
    expect(await screen.findByText(SESSION_TEXTS.deactivated.description)).toBeInTheDocument();
    expect(readSession()).toEqual({ user: null, token: null, refreshToken: null });
    await waitFor(() => expect(wentHome).toBe(1));
  });

  it('data-export:ready says so in a toast, wherever the person is, and keeps the session', async () => {
    renderProbe();
    act(() => eventBus.emit('data-export:ready', { expiresAt: '2026-12-08T10:00:00.000Z' }));
    expect(await screen.findByText(ACCOUNT_DATA_TEXTS.exportReady)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_DATA_TEXTS.exportReadyToast)).toBeInTheDocument();
    expect(screen.getByText('Bruno:USER')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('workspace-export:ready says so in a toast pointing to the team page', async () => {
    renderProbe();
    act(() => eventBus.emit('workspace-export:ready', { expiresAt: '2026-12-08T10:00:00.000Z' }));
    expect(await screen.findByText(WORKSPACE_EXPORT_TEXTS.ready)).toBeInTheDocument();
    expect(screen.getByText(WORKSPACE_EXPORT_TEXTS.readyToast)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('socket:reconnected (the first connect too) reads my user again: what changed before the socket was there shows', async () => {
    writeSession(me, { accessToken: ACCESS_NEW, refreshToken: 'r2' });
    renderProbe();
    serverUser = { ...me, name: 'Bruno Lima', workspaces: [{ id: 'w1', name: 'Equipe', features: ['polygonal'] }] };
    act(() => eventBus.emit('socket:reconnected'));
    expect(await screen.findByText('Bruno Lima:USER')).toBeInTheDocument();
    expect(readSession().user?.workspaces?.[0]?.features).toEqual(['polygonal']);
    // Same role: no renewal.
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/me']);
  });

  it('socket:reconnected with a role changed meanwhile also renews the token, whose claims carry it', async () => {
    writeSession(me, { accessToken: ACCESS_NEW, refreshToken: 'r2' });
    renderProbe();
    serverUser = { ...me, role: 'ADMIN' };
    act(() => eventBus.emit('socket:reconnected'));
    expect(await screen.findByText('Bruno:ADMIN')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/me', '/refresh-token/use']);
  });

  it('session:revoked: the tab holding the new pair stays, with no renewal', async () => {
    writeSession(me, { accessToken: ACCESS_NEW, refreshToken: 'r2' });
    renderProbe();
    act(() => eventBus.emit('session:revoked', { reason: 'password' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toEqual(['/auth/me']));
    expect(screen.getByText('Bruno:USER')).toBeInTheDocument();
    expect(readSession().token).toBe(ACCESS_NEW);
    expect(wentHome).toBe(0);
  });

  it('session:revoked: a session whose tokens were revoked ends, with a toast saying why', async () => {
    refreshRevoked = true;
    renderProbe();
    act(() => eventBus.emit('session:revoked', { reason: 'password' }));
    expect(await screen.findByText(SESSION_TEXTS.passwordChanged.description)).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/me', '/refresh-token/use']);
    expect(readSession()).toEqual({ user: null, token: null, refreshToken: null });
    await waitFor(() => expect(wentHome).toBe(1));
  });

  it('a page whose socket missed session:revoked hears it from its first connect, with the same toast, once', async () => {
    refreshRevoked = true;
    renderProbe();
    act(() => {
      eventBus.emit('socket:reconnected');
      eventBus.emit('socket:reconnected');
    });
    expect(await screen.findByText(SESSION_TEXTS.passwordChanged.description)).toBeInTheDocument();
    await waitFor(() => expect(wentHome).toBeGreaterThan(0));
    expect(readSession()).toEqual({ user: null, token: null, refreshToken: null });
    // A call still under way (a remote's) is refused the same way afterwards: no second toast.
    const client = await loadApiClient(config);
    await expect(client.getCurrentUser()).rejects.toMatchObject({ status: 401 });
    expect(screen.getAllByText(SESSION_TEXTS.passwordChanged.title)).toHaveLength(1);
  });

  it('a session that merely expired ends without that toast', async () => {
    refreshExpired = true;
    renderProbe();
    act(() => eventBus.emit('socket:reconnected'));
    await waitFor(() => expect(wentHome).toBe(1));
    expect(api.calls.map((c) => c.path)).toEqual(['/auth/me', '/refresh-token/use']);
    expect(readSession()).toEqual({ user: null, token: null, refreshToken: null });
    expect(screen.queryByText(SESSION_TEXTS.passwordChanged.title)).not.toBeInTheDocument();
  });
});
