import { FRESH_DATA_DIR } from '../support/data-template';
import { DEMO_PASSWORD, ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';
import { expect, test } from '../support/fixtures';

// This file checks what a first start prints, so its product does not start from the template.
test.use({ productEnv: FRESH_DATA_DIR });

test('the sign-in page is in Portuguese and shows the version', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  await expect(page.getByText('Versão 1.0.22')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Usuário é obrigatório')).toBeVisible();
  await expect(page.getByText('Senha é obrigatória')).toBeVisible();
});

test('the server prints the demo accounts on its first start', async ({ product }) => {
  for (const nick of ['ana', 'bruno', 'carla', 'diego']) expect(product.output()).toContain(`${nick}@demo.chat`);
  expect(product.output()).toContain(ROOT_EMAIL);
});

test('ROOT lands on /root/workspaces and never downloads the member remotes', async ({ page, requests }) => {
  await signIn(page, ROOT_EMAIL, ROOT_PASSWORD);
  await expectPath(page, '/root/workspaces');
  await expect(page.getByText('Criar Workspace')).toBeVisible();
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expectPath(page, '/root/settings');
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  expect(requests.some((p) => p.startsWith('/remotes/root/'))).toBe(true);
  expect(requests.filter((p) => /^\/remotes\/(chat|team|settings)\//.test(p))).toEqual([]);
});

test('a member signs in by nickname, lands on conversations and never downloads remote-root', async ({ page, requests }) => {
  await signIn(page, 'Bruno', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await expectToast(page, 'Bem vindo!', 'Login Realizado com sucesso!');
  await expect(page.getByText('Selecione uma conversa para ver as mensagens')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Equipe' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  expect(requests.some((p) => p.startsWith('/remotes/chat/'))).toBe(true);
  expect(requests.filter((p) => p.startsWith('/remotes/root/'))).toEqual([]);
  await page.goto('/root/workspaces');
  await expectPath(page, '/auth/conversations');
  expect(requests.filter((p) => p.startsWith('/remotes/root/'))).toEqual([]);
});

test('a wrong password shows the login failure toast with the server message', async ({ page }) => {
  await signIn(page, 'ana@demo.chat', 'senha-errada');
  await expectToast(page, 'Falha ao realizar login', 'Usuário ou senha inválidos');
  await expectPath(page, '/');
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/nao/existe');
  await expect(page.getByText('404 · Página não encontrada')).toBeVisible();
});
