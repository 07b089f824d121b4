import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type AppConfig } from '@chat/contracts';
import { loadApiClient } from '../api/load-api-client';
import { AppConfigContext } from '../config/config-context';
import { RequireRole } from '../../features/navigation/guards';
import { PublicLayout } from '../../features/navigation/public-layout';
import { apiError, fakeJwt, startApiServer, type ApiAnswer, type ApiCall, type ApiServer } from '../../testing/api-server';
import { useSignOut } from '../../features/navigation/use-sign-out';
import { SessionProvider } from './session-context';
import { readSession, writeSession } from './storage';

// The shell's side of docs/arquitetura.md, Sessões e o seu encerramento against a real HTTP server:
// what the api-client's callbacks do to storage, state and the current route.
const inFuture = () => Date.now() / 1000 + 900;
const ACCESS_NEW = fakeJwt(Date.now() / 1000 + 3600, 'novo');

let api: ApiServer;
let config: AppConfig;
/** The access token the server accepts and the refresh token it will renew. */
let accepted = '';
let renewable = '';
/** The network is down: the server hangs up on every call. */
let offline = false;

function route({ path, body, auth }: ApiCall): ApiAnswer {
  if (offline) return { status: 0, hangUp: true };
  if (path === '/refresh-token/use') {
    if (!renewable || body.refreshToken !== renewable) return apiError(401, 'Sessão expirada');
    renewable = 'r2';
    accepted = ACCESS_NEW;
    return { status: 200, body: { accessToken: ACCESS_NEW, refreshToken: 'r2' } };
  }
  if (path === '/auth/signout') return { status: 204 };
  if (path === '/user/invite') {
    if (auth !== `Bearer ${accepted}`) return apiError(401, 'Sessão expirada');
    return { status: 201, body: { message: 'Convite enviado', expiresAt: new Date().toISOString() } };
  }
  return apiError(404, 'Não encontrado');
}

beforeAll(async () => {
  api = await startApiServer(route);
  config = api.config;
});

afterAll(() => api.close());

beforeEach(() => {
  localStorage.clear();
  accepted = '';
  renewable = '';
  offline = false;
  api.calls.length = 0;
});

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={signOut}>
      Sair
    </button>
  );
}

/** The App's wiring: session provider above the router, navigating home through the router. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PublicLayout />, children: [{ index: true, element: <p>página inicial</p> }] },
      {
        path: '/auth/conversations',
        element: (
          <RequireRole roles={['ADMIN', 'USER']}>
            <p>conversas</p>
            <SignOutButton />
          </RequireRole>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <AppConfigContext.Provider value={config}>
        <SessionProvider navigateHome={() => void router.navigate('/', { replace: true })}>
          <RouterProvider router={router} />
        </SessionProvider>
      </AppConfigContext.Provider>
    </StrictMode>,
  );
  return router;
}

const storedKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('@team-chat:'));
const renewalCalls = () => api.calls.filter((call) => call.path === '/refresh-token/use');

function signedIn(accessToken: string, refreshToken: string) {
  writeSession({ id: 'u1', name: 'Ana', role: 'ADMIN' }, { accessToken, refreshToken });
}

describe('session renewal, shell side', () => {
  it('stores the renewed pair and stays on the page', async () => {
    signedIn(fakeJwt(inFuture(), 'velho'), 'r1');
    renewable = 'r1';
    const router = renderAt('/auth/conversations');
    const client = await loadApiClient(config);
    await act(() => client.inviteUser({ email: 'nova@demo.chat' }));
    expect(readSession()).toMatchObject({ token: ACCESS_NEW, refreshToken: 'r2' });
    expect(router.state.location.pathname).toBe('/auth/conversations');
    expect(renewalCalls()).toHaveLength(1);
  });

  it('a failed renewal clears the three keys and goes to /', async () => {
    signedIn(fakeJwt(inFuture(), 'velho'), 'r-revogado');
    const router = renderAt('/auth/conversations');
    expect(screen.getByText('conversas')).toBeInTheDocument();
    const client = await loadApiClient(config);
    await act(async () => {
      await expect(client.inviteUser({ email: 'nova@demo.chat' })).rejects.toMatchObject({ status: 401 });
    });
    expect(storedKeys()).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('página inicial')).toBeInTheDocument();
    expect(renewalCalls()).toHaveLength(1);
  });

  it('without a refresh token it clears the session and goes to / without calling the server', async () => {
    signedIn(fakeJwt(inFuture(), 'velho'), '');
    const router = renderAt('/auth/conversations');
    const client = await loadApiClient(config);
    await act(async () => {
      await expect(client.inviteUser({ email: 'nova@demo.chat' })).rejects.toMatchObject({ status: 401 });
    });
    expect(storedKeys()).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
    expect(renewalCalls()).toEqual([]);
  });
});

describe('startup', () => {
  it('renews an expired access token once before deciding, and keeps the user in', async () => {
    signedIn(fakeJwt(Date.now() / 1000 - 60, 'velho'), 'r1');
    renewable = 'r1';
    const router = renderAt('/auth/conversations');
    expect(screen.getByLabelText('Restaurando a sessão')).toBeInTheDocument();
    expect(await screen.findByText('conversas')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/conversations');
    expect(readSession()).toMatchObject({ token: ACCESS_NEW, refreshToken: 'r2' });
    // StrictMode mounted the provider twice; the refresh token was presented once.
    expect(renewalCalls().map((call) => call.body)).toEqual([{ refreshToken: 'r1' }]);
  });

  it('a refused startup renewal clears the session and lands on /', async () => {
    signedIn(fakeJwt(Date.now() / 1000 - 60, 'velho'), 'r-revogado');
    const router = renderAt('/auth/conversations');
    expect(await screen.findByText('página inicial')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(storedKeys()).toEqual([]);
    expect(renewalCalls()).toHaveLength(1);
  });

  it('offline, a startup renewal with no answer keeps the user in; the first call back online renews', async () => {
    signedIn(fakeJwt(Date.now() / 1000 - 60, 'velho'), 'r1');
    renewable = 'r1';
    offline = true;
    const router = renderAt('/auth/conversations');
    expect(await screen.findByText('conversas')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/conversations');
    expect(readSession()).toMatchObject({ refreshToken: 'r1', user: { id: 'u1' } });

    offline = false;
    const client = await loadApiClient(config);
    await act(() => client.inviteUser({ email: 'nova@demo.chat' }));
    expect(readSession()).toMatchObject({ token: ACCESS_NEW, refreshToken: 'r2' });
    expect(router.state.location.pathname).toBe('/auth/conversations');
  });

  it('an expired token without a refresh token is cleared on a public route, with no call', async () => {
    signedIn(fakeJwt(Date.now() / 1000 - 60, 'velho'), '');
    renderAt('/');
    expect(screen.getByText('página inicial')).toBeInTheDocument();
    await waitFor(() => expect(storedKeys()).toEqual([]));
    expect(api.calls).toEqual([]);
  });
});

describe('sign-out', () => {
  it('clears the three keys, goes to / and revokes the refresh token without waiting', async () => {
    signedIn(fakeJwt(inFuture(), 'valido'), 'r1');
    const router = renderAt('/auth/conversations');
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(storedKeys()).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('página inicial')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.map(({ path, body }) => ({ path, body }))).toEqual([{ path: '/auth/signout', body: { refreshToken: 'r1' } }]),
    );
  });

  it('a sign-out in another tab takes this one out of the app', async () => {
    signedIn(fakeJwt(inFuture(), 'valido'), 'r1');
    const router = renderAt('/auth/conversations');
    expect(screen.getByText('conversas')).toBeInTheDocument();
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: null }));
    });
    expect(await screen.findByText('página inicial')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
