import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@chat/contracts';
import { AppConfigContext } from '../../shared/config/config-context';
import { SessionProvider } from '../../shared/session/session-context';
import { writeSession } from '../../shared/session/storage';
import { RequireRole } from './guards';

const config = {
  version: '1.0.22',
  apiBaseUrl: '/api',
  socketUrl: '',
  remotes: { chat: '', team: '', settings: '', root: '' },
  flags: { featuredWorkspaceId: null, productionOrigin: null },
};
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (expSeconds: number) => `${encode({ alg: 'HS256' })}.${encode({ exp: expSeconds })}.x`;

function signedInAs(role: Role, exp = Date.now() / 1000 + 600, refreshToken = 'r') {
  writeSession({ id: 'u1', name: 'Pessoa', role }, { accessToken: token(exp), refreshToken });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>página inicial</p> },
      {
        path: '/auth/conversations',
        element: (
          <RequireRole roles={['ADMIN', 'USER']}>
            <p>conversas</p>
          </RequireRole>
        ),
      },
      {
        path: '/root/workspaces',
        element: (
          <RequireRole roles={['ROOT']}>
            <p>workspaces</p>
          </RequireRole>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppConfigContext.Provider value={config}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </AppConfigContext.Provider>,
  );
  return router;
}

describe('RequireRole', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor without a session to /', () => {
    const router = renderAt('/auth/conversations');
    expect(screen.getByText('página inicial')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a visitor with an expired token and nothing to renew it with to /', () => {
    signedInAs('USER', Date.now() / 1000 - 1, '');
    renderAt('/auth/conversations');
    expect(screen.getByText('página inicial')).toBeInTheDocument();
  });

  it('sends a USER who opens /root to their own home', () => {
    signedInAs('USER');
    const router = renderAt('/root/workspaces');
    expect(screen.getByText('conversas')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/conversations');
  });

  it('sends ROOT who opens /auth to /root/workspaces', () => {
    signedInAs('ROOT');
    renderAt('/auth/conversations');
    expect(screen.getByText('workspaces')).toBeInTheDocument();
  });

  it('lets the right role in', () => {
    signedInAs('ADMIN');
    renderAt('/auth/conversations');
    expect(screen.getByText('conversas')).toBeInTheDocument();
  });
});
