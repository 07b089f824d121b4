import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dismissToast, ToastProvider } from '@chat/ui';
import { apiError, fakeJwt, startApiServer, type ApiAnswer, type ApiCall, type ApiServer } from '../../testing/api-server';
import { AppConfigContext } from '../../shared/config/config-context';
import { PublicLayout } from '../navigation/public-layout';
import { SessionProvider } from '../../shared/session/session-context';
import { readSession } from '../../shared/session/storage';
import { ForgotPasswordPage } from './forgot-password-page';
import { RegisterPage } from './register-page';
import { ResetPasswordPage } from './reset-password-page';
import { SetPasswordPage } from './set-password-page';

const TOKEN = 'ab'.repeat(32);
let api: ApiServer;
let answers: Record<string, ApiAnswer> = {};

const member = {
  id: 'u9',
  name: 'Eva Lima',
  nickName: 'eva',
  email: 'eva@demo.chat',
  role: 'USER',
  avatarUrl: null,
  neoCustomData: null,
  workspaces: [],
};

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
          { index: true, element: <p>página inicial</p> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'set-password', element: <SetPasswordPage /> },
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

describe('/register', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Nome'), 'Eva Lima');
    await user.type(screen.getByLabelText('E-mail'), ' Eva@Demo.chat ');
    await user.type(screen.getByLabelText('Nome de usuário'), 'eva');
    await user.type(screen.getByLabelText('Senha'), 'senha-nova-1');
    await user.type(screen.getByLabelText('Confirmar senha'), 'senha-nova-1');
  }

  it('prefills the invite code from the link and shows errors beside the labels', async () => {
    const { user } = renderAt('/register?inviteCode=AB1-C2D');
    expect(screen.getByLabelText('Código de convite')).toHaveValue('AB1-C2D');
    await user.type(screen.getByLabelText('Senha'), 'curta');
    await user.type(screen.getByLabelText('Confirmar senha'), 'outra-senha');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(screen.getByText('Mínimo de 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('As senhas devem ser iguais')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('creates the account, stores the session and lands on /auth/conversations', async () => {
    answers['/user/create-by-invite'] = {
      status: 201,
      body: { user: member, accessToken: fakeJwt(Date.now() / 1000 + 900), refreshToken: 'r1' },
    };
    const { router, user } = renderAt('/register?inviteCode=ab1-c2d');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Usuário criado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/conversations'));
    expect(api.calls.map((call) => call.body)).toEqual([
      { name: 'Eva Lima', email: 'eva@demo.chat', nickName: 'eva', password: 'senha-nova-1', inviteCode: 'AB1-C2D' },
    ]);
    expect(readSession()).toMatchObject({ user: { id: 'u9' }, refreshToken: 'r1' });
  });

  it('fills the code and the e-mail from the link, puts the code first and starts at the name', () => {
    renderAt('/register?inviteCode=ab1-c2d&email=eva%40demo.chat');
    expect(screen.getByLabelText('Código de convite')).toHaveValue('AB1-C2D');
    expect(screen.getByLabelText('E-mail')).toHaveValue('eva@demo.chat');
    expect(screen.getByLabelText('Nome')).toHaveFocus();
    const labels = screen.getAllByRole('textbox').map((input) => input.id);
    expect(labels.slice(0, 3)).toEqual(['inviteCode', 'email', 'name']);
  });

  it('takes the code as typed (lower case, no hyphen, spaces) and sends it in its canonical form', async () => {
    answers['/user/create-by-invite'] = {
      status: 201,
      body: { user: member, accessToken: fakeJwt(Date.now() / 1000 + 900), refreshToken: 'r1' },
    };
    const { router, user } = renderAt('/register');
    expect(screen.getByLabelText('Código de convite')).toHaveFocus();
    await user.type(screen.getByLabelText('Código de convite'), ' ctf4uj ');
    await fill(user);
    expect(screen.getByLabelText('Código de convite')).toHaveValue('CTF-4UJ');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/conversations'));
    expect(api.calls.map((call) => (call.body as { inviteCode: string }).inviteCode)).toEqual(['CTF-4UJ']);
  });

  it('shows the server message in the error toast and stays', async () => {
    answers['/user/create-by-invite'] = apiError(400, 'Convite inválido ou expirado');
    const { router, user } = renderAt('/register?inviteCode=AB1-C2D');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Convite inválido ou expirado')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível criar a conta')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(readSession().token).toBeNull();
  });

  it('falls back to the product text when the answer is not an API error', async () => {
    answers['/user/create-by-invite'] = { status: 502, body: '<html>' };
    const { user } = renderAt('/register?inviteCode=AB1-C2D');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Ocorreu um erro ao criar o usuário')).toBeInTheDocument();
  });
});

describe('/set-password', () => {
  const admin = { ...member, id: 'a1', role: 'ADMIN', email: 'lia@nova.chat' };

  it('is titled for a first password, sets it and lands signed in on the home page', async () => {
    answers['/password-token/welcome'] = {
      status: 200,
      body: { user: admin, accessToken: fakeJwt(Date.now() / 1000 + 900), refreshToken: 'r2' },
    };
    const { router, user } = renderAt(`/set-password?token=${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Definir sua senha' })).toBeInTheDocument();
    expect(screen.queryByText('Redefinir senha')).toBeNull();
    await user.type(screen.getByLabelText('Nova senha'), 'senha-da-lia');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'senha-da-lia');
    await user.click(screen.getByRole('button', { name: 'Definir senha e entrar' }));
    expect(await screen.findByText('Senha definida com sucesso')).toBeInTheDocument();
    expect(screen.getByText('Bem vindo!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/conversations'));
    expect(api.calls.map((call) => call.body)).toEqual([{ token: TOKEN, newPassword: 'senha-da-lia' }]);
    expect(readSession()).toMatchObject({ user: { id: 'a1' }, refreshToken: 'r2' });
  });

  it('a used or expired link toasts the server message and goes to sign-in', async () => {
    answers['/password-token/welcome'] = apiError(400, 'Link para definir a senha inválido ou expirado');
    const { router, user } = renderAt(`/set-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('Nova senha'), 'senha-da-lia');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'senha-da-lia');
    await user.click(screen.getByRole('button', { name: 'Definir senha e entrar' }));
    expect(await screen.findByText('Link para definir a senha inválido ou expirado')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readSession().token).toBeNull();
  });

  it('without a 64-hex token goes to /', () => {
    const { router } = renderAt('/set-password?token=abc');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('/forgot-password', () => {
  it('explains the link, sends the e-mail, toasts the server message and goes to /', async () => {
    answers['/password-token/create'] = { status: 200, body: { message: 'Se o e-mail existir, enviaremos um link.' } };
    const { router, user } = renderAt('/forgot-password');
    expect(screen.getByText(/só pode ser usado uma vez e vale por 1 hora/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'ANA@demo.chat');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('Link de redefinição enviado com sucesso')).toBeInTheDocument();
    expect(screen.getByText('Se o e-mail existir, enviaremos um link.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.map((call) => call.body)).toEqual([{ email: 'ana@demo.chat' }]);
  });

  it('validates the e-mail beside its label', async () => {
    const { user } = renderAt('/forgot-password');
    await user.type(screen.getByLabelText('E-mail'), 'nao-e-email');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('E-mail inválido')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe('/reset-password', () => {
  it.each([
    '/reset-password',
    '/reset-password?token=',
    '/reset-password?token=%20',
    `/reset-password?token=${TOKEN.slice(1)}`,
    `/reset-password?token=${'g'.repeat(64)}`,
  ])('sends %s to /', async (path) => {
    const { router } = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('resets the password, toasts and goes to /', async () => {
    answers['/password-token/use'] = { status: 200, body: { message: 'Senha redefinida com sucesso' } };
    const { router, user } = renderAt(`/reset-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('Nova senha'), 'senha-nova-1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'senha-nova-1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Senha redefinida com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'PATCH', body: { token: TOKEN, newPassword: 'senha-nova-1' } },
    ]);
  });

  it('an API error toasts and goes to /forgot-password', async () => {
    answers['/password-token/use'] = apiError(400, 'Link de redefinição inválido ou expirado');
    const { router, user } = renderAt(`/reset-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('Nova senha'), 'senha-nova-1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'senha-nova-1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Link de redefinição inválido ou expirado')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('refuses different passwords beside the label', async () => {
    const { user } = renderAt(`/reset-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('Nova senha'), 'senha-nova-1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'senha-nova-2');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('As senhas devem ser iguais')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
