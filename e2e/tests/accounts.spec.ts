import type { Page } from '@playwright/test';
import { outboxFiles, waitForMailLink } from '../support/outbox';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, expectToast, expiredToken, liveConnection, signIn } from '../support/session';
import { expect, test } from '../support/fixtures';

// Accounts in the browser: sign-in, password reset through the outbox, registration by invite,
// session renewal and sign-out, against the built product (one server for this file).

const RESET_LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[0-9a-f]{64}/;
const INVITE_LINK = /http:\/\/127\.0\.0\.1:\d+\/register\?inviteCode=[A-Z0-9]{3}-[A-Z0-9]{3}/;

const storedSession = (page: Page) =>
  page.evaluate(() => ({
    user: localStorage.getItem('@team-chat:user'),
    token: localStorage.getItem('@team-chat:token'),
    refreshToken: localStorage.getItem('@team-chat:refreshToken'),
  }));

/** A JWT-shaped access token that expired a minute ago (the server refuses it with 401). */
test('an admin signs in by e-mail (any case) with remember-me and sees the Equipe link', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mail ou usuário').fill('ANA@demo.chat');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: 'Lembrar de mim' }).click();
  const signinRequest = page.waitForRequest('**/api/auth/signin');
  await page.getByRole('button', { name: 'Entrar' }).click();
  expect((await signinRequest).postDataJSON()).toEqual({ identifier: 'ANA@demo.chat', password: DEMO_PASSWORD, rememberMe: true });
  await expectPath(page, '/auth/conversations');
  await expectToast(page, 'Bem vindo!', 'Login Realizado com sucesso!');
  await expect(page.getByRole('link', { name: 'Equipe' })).toBeVisible();
  const stored = await storedSession(page);
  expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ nickName: 'ana', role: 'ADMIN' });
  expect(stored.token).toBeTruthy();
  expect(stored.refreshToken).toBeTruthy();
});

test('forgot password -> link from the outbox -> reset -> new password works -> the link is refused a second time', async ({
  page,
  product,
}) => {
  const newPassword = 'nova-senha-da-carla';
  await page.goto('/');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expectPath(page, '/forgot-password');
  await expect(page.getByText(/só pode ser usado uma vez e vale por 1 hora/)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('E-mail inválido')).toBeVisible();

  const mailsBefore = outboxFiles(product.dataDir).length;
  await page.getByLabel('E-mail').fill('carla@demo.chat');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expectToast(page, 'Link de redefinição enviado com sucesso');
  await expectPath(page, '/');
  const { link, text } = await waitForMailLink(product.dataDir, mailsBefore, RESET_LINK);
  expect(text).toContain('carla@demo.chat');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirmar nova senha').fill('outra-coisa-qualquer');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();
  await page.getByLabel('Confirmar nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expectToast(page, 'Senha redefinida com sucesso');
  await expectPath(page, '/');

  await signIn(page, 'carla', DEMO_PASSWORD);
  await expectToast(page, 'Falha ao realizar login', 'Usuário ou senha inválidos');
  await signIn(page, 'carla', newPassword);
  await expectPath(page, '/auth/conversations');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expectPath(page, '/');

  // Single use: the same link now fails, with the server's message, and leads to asking again.
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha-nova');
  await page.getByLabel('Confirmar nova senha').fill('mais-uma-senha-nova');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expectToast(page, 'Não foi possível redefinir a senha');
  await expectPath(page, '/forgot-password');
});

test('a reset link without a 64-hex token goes back to sign-in', async ({ page }) => {
  for (const path of ['/reset-password', '/reset-password?token=abc', `/reset-password?token=${'z'.repeat(64)}`]) {
    await page.goto(path);
    await expectPath(page, '/');
    await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  }
});

test('an admin invites an e-mail, the invitee registers from the mailed link and lands on conversations', async ({ page, product }) => {
  const signin = await page.request.post('/api/auth/signin', { data: { identifier: 'ana', password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const mailsBefore = outboxFiles(product.dataDir).length;
  const invite = await page.request.post('/api/user/invite', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { email: 'eva.lima@exemplo.com' },
  });
  expect(invite.status()).toBe(201);
  const { link } = await waitForMailLink(product.dataDir, mailsBefore, INVITE_LINK);
  const code = new URL(link).searchParams.get('inviteCode');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();
  await expect(page.getByLabel('Código de convite')).toHaveValue(code!);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Mínimo de 2 caracteres')).toBeVisible();

  await page.getByLabel('Nome', { exact: true }).fill('Eva Lima');
  await page.getByLabel('E-mail').fill('eva.lima@exemplo.com');
  await page.getByLabel('Nome de usuário').fill('evalima');
  await page.getByLabel('Senha', { exact: true }).fill('senha-da-eva-1');
  await page.getByLabel('Confirmar senha').fill('senha-da-eva-1');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectToast(page, 'Usuário criado com sucesso');
  await expectPath(page, '/auth/conversations');
  await expect(page.getByRole('link', { name: 'Equipe' })).toHaveCount(0);
  expect(JSON.parse((await storedSession(page)).user ?? '{}')).toMatchObject({ nickName: 'evalima', role: 'USER' });

  // The code is spent: registering with it again is refused with the server's message.
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.goto(link);
  await page.getByLabel('Nome', { exact: true }).fill('Eva Outra');
  await page.getByLabel('E-mail').fill('eva.lima@exemplo.com');
  await page.getByLabel('Nome de usuário').fill('evaoutra');
  await page.getByLabel('Senha', { exact: true }).fill('senha-da-eva-2');
  await page.getByLabel('Confirmar senha').fill('senha-da-eva-2');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectToast(page, 'Não foi possível criar a conta');
  await expectPath(page, /\/register\?inviteCode=/);
});

test('a returning user whose access token expired is renewed at startup, not sent to sign-in', async ({ page }) => {
  // The first page's socket connects once the page settles: it must not find the expired token
  // below and renew the session itself (rotating the refresh token just before the reload).
  const live = liveConnection(page);
  await signIn(page, 'diego', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await live;
  const before = await storedSession(page);
  await page.evaluate((token) => localStorage.setItem('@team-chat:token', token), expiredToken());
  const renewal = page.waitForResponse('**/api/refresh-token/use');
  await page.reload();
  expect((await renewal).status()).toBe(200);
  await expectPath(page, '/auth/conversations');
  await expect(page.getByText('Selecione uma conversa para ver as mensagens')).toBeVisible();
  const after = await storedSession(page);
  expect(after.token).not.toBe(expiredToken());
  expect(after.refreshToken).not.toBe(before.refreshToken);
});

test('five calls refused with 401 at once renew the session once (real rotation) and all succeed', async ({ page }) => {
  await signIn(page, 'bruno', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await expect(page.getByText('Selecione uma conversa para ver as mensagens')).toBeVisible();
  const before = await storedSession(page);
  const renewals: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/refresh-token/use')) renewals.push(response.status());
  });
  // The page still believes its token is valid; the server refuses it. A second renewal with the
  // same refresh token would be a reuse, and the server would revoke the whole family.
  const statuses = await page.evaluate(async (token) => {
    localStorage.setItem('@team-chat:token', token);
    const client = sharedApiClient() as { getCurrentUser: () => Promise<{ status: number }> };
    const results = await Promise.all(Array.from({ length: 5 }, () => client.getCurrentUser()));
    return results.map((result) => result.status);

    // The one api-client instance the shell configured, as the remotes get it (Module Federation).
    function sharedApiClient(): unknown {
      type Share = { lib?: unknown };
      const scopes =
        (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Share>>>> } })
          .__FEDERATION__?.__SHARE__ ?? {};
      for (const instance of Object.values(scopes)) {
        for (const packages of Object.values(instance)) {
          for (const share of Object.values(packages['@chat/api-client'] ?? {})) {
            if (share.lib) return typeof share.lib === 'function' ? (share.lib as () => unknown)() : share.lib;
          }
        }
      }
      throw new Error('api-client compartilhado não encontrado');
    }
  }, expiredToken());
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
  expect(renewals).toEqual([200]);
  const after = await storedSession(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.token).not.toBe(expiredToken());
  // Still signed in: the rotated pair works.
  await page.reload();
  await expectPath(page, '/auth/conversations');
  expect(renewals).toEqual([200]);
});

test('a refused renewal clears the session and goes to sign-in', async ({ page }) => {
  await signIn(page, 'bruno', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.evaluate(
    ({ token }) => {
      localStorage.setItem('@team-chat:token', token);
      localStorage.setItem('@team-chat:refreshToken', 'token-revogado');
    },
    { token: expiredToken() },
  );
  await page.reload();
  await expectPath(page, '/');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  expect(await storedSession(page)).toEqual({ user: null, token: null, refreshToken: null });
});

test('signing out from the top bar returns to / and going back does not reveal the app', async ({ page }) => {
  await signIn(page, 'diego', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expectPath(page, '/auth/settings');
  const signout = page.waitForRequest('**/api/auth/signout');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expectPath(page, '/');
  expect((await signout).postDataJSON()).toHaveProperty('refreshToken');
  expect(await storedSession(page)).toEqual({ user: null, token: null, refreshToken: null });
  await page.goBack();
  await expectPath(page, '/');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0);
  await page.goForward();
  await expectPath(page, '/');
});
