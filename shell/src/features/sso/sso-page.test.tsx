import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '@chat/contracts';
import { dismissToast, ToastProvider } from '@chat/ui';
import { apiError, fakeJwt, startApiServer, type ApiAnswer, type ApiCall, type ApiServer } from '../../testing/api-server';
import { AppConfigContext } from '../../shared/config/config-context';
import { SessionProvider } from '../../shared/session/session-context';
import { readSession } from '../../shared/session/storage';
import { PublicLayout } from '../navigation/public-layout';
import { SsoPage } from './sso-page';

let api: ApiServer;
let answers: Record<string, ApiAnswer> = {};
const CODE = 'a'.repeat(43);

beforeAll(async () => {
  api = await startApiServer(({ path }: ApiCall) => answers[path] ?? apiError(404, 'Não encontrado'));
});
afterAll(() => api.close());
beforeEach(() => {
  localStorage.clear();
  api.calls.length = 0;
  answers = {};
  act(() => dismissToast());
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <PublicLayout />,
        children: [
          { index: true, element: <p>página de login</p> },
          { path: 'sso', element: <SsoPage /> },
        ],
      },
      { path: '/auth/conversations', element: <p>conversas</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppConfigContext.Provider value={api.config}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <ToastProvider />
    </AppConfigContext.Provider>,
  );
  return { router, user: userEvent.setup() };
}

describe('/sso', () => {
  it('asks the work e-mail and tells when no workspace signs in through a company for it', async () => {
    answers['/sso/lookup?email=ana%40gmail.com'] = apiError(404, 'Nenhum workspace entra pela conta da empresa com este e-mail');
    const { user } = renderAt('/sso');
    expect(screen.getByRole('heading', { name: 'Entrar com a conta da empresa' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.type(screen.getByLabelText('E-mail de trabalho'), ' Ana@Gmail.com ');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Nenhum workspace entra pela conta da empresa com este e-mail')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/sso/lookup?email=ana%40gmail.com']);
  });

  it('exchanges the code of the return once and lands signed in on the home page', async () => {
    const user = {
      id: 'u1',
      name: 'Nova',
      nickName: 'nova',
      email: 'nova@empresa.com',
      role: 'USER',
      avatarUrl: null,
      neoCustomData: null,
      workspaces: [],
    };
    answers['/sso/exchange'] = { status: 200, body: { user, accessToken: fakeJwt(Date.now() / 1000 + 900), refreshToken: 'r1' } };
    const { router } = renderAt(`/sso#codigo=${CODE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/conversations'));
    expect(api.calls.map((call) => call.body)).toEqual([{ code: CODE }]);
    expect(readSession()).toMatchObject({ user: { id: 'u1' }, refreshToken: 'r1' });
    expect(await screen.findByText('Bem vindo!')).toBeInTheDocument();
  });

  it('a refused code shows the server message with a way back', async () => {
    answers['/sso/exchange'] = apiError(401, 'Código de entrada inválido ou expirado. Entre novamente.');
    renderAt(`/sso#codigo=${'b'.repeat(43)}`);
    expect(await screen.findByText('Código de entrada inválido ou expirado. Entre novamente.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tentar de novo' })).toHaveAttribute('href', '/sso');
    expect(readSession().token).toBeNull();
  });

  it.each(Object.entries(SSO_ERRORS))('?erro=%s shows its Portuguese page', (code, message) => {
    renderAt(`/sso?erro=${code}`);
    expect(screen.getByRole('heading', { name: 'Não foi possível entrar' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Entrar com e-mail e senha' })).toHaveAttribute('href', '/');
  });
});
