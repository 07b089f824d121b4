import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { outboxFiles, waitForMailLink } from '../support/outbox';
import { openMemberOn, PHONE } from '../support/phone';
import { DEMO_PASSWORD, ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';

// Getting started: a new workspace admin's welcome link, an invite code typed as people type it,
// an invite link copied by the admin (no mail needed), and the phone layout of the forms and the
// team that a new admin uses first.

const WELCOME_LINK = /http:\/\/127\.0\.0\.1:\d+\/set-password\?token=[0-9a-f]{64}/;
const INVITE_LINK = /http:\/\/127\.0\.0\.1:\d+\/register\?inviteCode=[A-Z0-9]{3}-[A-Z0-9]{3}&email=\S+/;

async function tokenOf(page: Page, identifier: string, password: string): Promise<string> {
  const signin = await page.request.post('/api/auth/signin', { data: { identifier, password } });
  expect(signin.status()).toBe(200);
  return ((await signin.json()) as { accessToken: string }).accessToken;
}

async function invite(page: Page, email: string): Promise<void> {
  const accessToken = await tokenOf(page, 'ana', DEMO_PASSWORD);
  const res = await page.request.post('/api/user/invite', { headers: { Authorization: `Bearer ${accessToken}` }, data: { email } });
  expect(res.status()).toBe(201);
}

async function desktopPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })).newPage();
}

test('the welcome link sets the first password and lands signed in on the home page', async ({ page, product }) => {
  const rootToken = await tokenOf(page, ROOT_EMAIL, ROOT_PASSWORD);
  const mailsBefore = outboxFiles(product.dataDir).length;
  const created = await page.request.post('/api/workspace/create', {
    headers: { Authorization: `Bearer ${rootToken}` },
    data: { name: 'Vendas', adminName: 'Vera Lopes', adminEmail: 'vera@e2e.chat', limitOfMembers: 0 },
  });
  expect(created.status()).toBe(201);
  const { link } = await waitForMailLink(product.dataDir, mailsBefore, WELCOME_LINK);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Definir sua senha' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toHaveCount(0);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-da-vera');
  await page.getByLabel('Confirmar nova senha').fill('senha-da-vera');
  await page.getByRole('button', { name: 'Definir senha e entrar' }).click();
  await expectPath(page, '/auth/conversations');
  await expect(page.getByRole('link', { name: 'Equipe' }).first()).toBeVisible();

  // A new team has no chat yet: the empty list offers the button its text talks about.
  await page.getByRole('button', { name: 'Nova conversa' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Novo' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The link is spent; the password chosen signs in.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-1');
  await page.getByLabel('Confirmar nova senha').fill('outra-senha-1');
  await page.getByRole('button', { name: 'Definir senha e entrar' }).click();
  await expectToast(page, 'Não foi possível definir a senha', 'Link para definir a senha inválido ou expirado');
  await expectPath(page, '/');
  await signIn(page, 'vera@e2e.chat', 'senha-da-vera');
  await expectPath(page, '/auth/conversations');
});

test('an invite code typed in lower case without the hyphen signs up', async ({ page, product }) => {
  const mailsBefore = outboxFiles(product.dataDir).length;
  await invite(page, 'lia.souza@exemplo.com');
  const { link } = await waitForMailLink(product.dataDir, mailsBefore, INVITE_LINK);
  const code = new URL(link).searchParams.get('inviteCode')!;
  const typed = ` ${code.replace('-', '').toLowerCase()} `;

  await page.goto('/register');
  const codeField = page.getByLabel('Código de convite');
  await expect(codeField).toBeFocused();
  await codeField.fill(typed);
  await page.getByLabel('E-mail').fill('lia.souza@exemplo.com');
  await expect(codeField).toHaveValue(code);
  await page.getByLabel('Nome', { exact: true }).fill('Lia Souza');
  await page.getByLabel('Nome de usuário').fill('liasouza');
  await page.getByLabel('Senha', { exact: true }).fill('senha-da-lia-1');
  await page.getByLabel('Confirmar senha').fill('senha-da-lia-1');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expectToast(page, 'Usuário criado com sucesso');
  await expectPath(page, '/auth/conversations');
});

test('the admin copies a pending invite link; opening it fills the register form', async ({ browser, baseURL, product }) => {
  const ana = await desktopPage(browser, baseURL!);
  await ana.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  await invite(ana, 'rui.alves@exemplo.com');
  await signIn(ana, 'ana', DEMO_PASSWORD);
  await expectPath(ana, '/auth/conversations');
  await ana.goto('/auth/team');
  const invites = ana.getByRole('list', { name: 'Convites pendentes' });
  await invites.getByRole('button', { name: 'Copiar link do convite para rui.alves@exemplo.com' }).click();
  await expectToast(ana, 'Link copiado');
  const link = await ana.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(INVITE_LINK);

  const rui = await desktopPage(browser, baseURL!);
  await rui.goto(link);
  await expect(rui.getByLabel('Código de convite')).toHaveValue(new URL(link).searchParams.get('inviteCode')!);
  await expect(rui.getByLabel('E-mail')).toHaveValue('rui.alves@exemplo.com');
  await expect(rui.getByLabel('Nome', { exact: true })).toBeFocused();
  await rui.getByLabel('Nome', { exact: true }).fill('Rui Alves');
  await rui.getByLabel('Nome de usuário').fill('ruialves');
  await rui.getByLabel('Senha', { exact: true }).fill('senha-do-rui-1');
  await rui.getByLabel('Confirmar senha').fill('senha-do-rui-1');
  await rui.getByRole('button', { name: 'Criar conta' }).click();
  await expectPath(rui, '/auth/conversations');
});

test("phone (390 px): 'Salvar alterações' shows whole; a member's remove button is reachable", async ({ browser, baseURL }) => {
  const ana = await openMemberOn(browser, baseURL!, 'ana', PHONE);

  await ana.goto('/auth/settings/conta');
  await ana.getByRole('button', { name: 'Informações pessoais' }).click();
  const save = ana.getByRole('button', { name: 'Salvar alterações' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport({ ratio: 1 });
  // Nothing of the section hides below its edge: it shows all of its content.
  const hidden = await save.evaluate((button) => {
    const area = button.closest('[data-fit]')!;
    return area.scrollHeight - area.clientHeight;
  });
  expect(hidden).toBeLessThanOrEqual(1);

  await ana.goto('/auth/team');
  const members = ana.getByRole('list', { name: 'Membros' });
  await expect(members.getByRole('group', { name: 'Diego Santos' })).toBeVisible();
  // A few members: the section is as tall as the rows measure, none is cut at its edge.
  await expect.poll(() => members.evaluate((list) => list.scrollHeight - list.clientHeight)).toBeLessThanOrEqual(1);
  const remove = members.getByRole('button', { name: 'Remover Diego Santos' });
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport({ ratio: 1 });
  await remove.click();
  await expect(ana.getByRole('dialog')).toBeVisible();
  await expect(ana.getByRole('dialog')).toContainText('Diego Santos');
});
