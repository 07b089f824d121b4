import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { waitForMailLink, outboxFiles } from '../support/outbox';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';

// ROOT's workspaces. ROOT creates a workspace, its new admin sets a password from the
// welcome mail and signs in; ROOT's feature and admin changes reach the members' open pages live.

const WELCOME_LINK = /http:\/\/127\.0\.0\.1:\d+\/set-password\?token=[0-9a-f]{64}/;
const INVITE_LINK = /http:\/\/127\.0\.0\.1:\d+\/register\?inviteCode=[A-Z0-9]{3}-[A-Z0-9]{3}/;
/** Marks the document, so that a later check proves the page was never reloaded meanwhile. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })).newPage();
}

async function openEdit(root: Page, name: string) {
  await root.getByRole('button', { name: `Editar ${name}` }).click();
  const dialog = root.getByRole('dialog', { name: 'Editar Workspace' });
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue(name);
  return dialog;
}

test('ROOT creates a workspace; its admin signs in; feature and admin changes follow live', async ({
  page: root,
  browser,
  baseURL,
  product,
  requests,
}) => {
  test.setTimeout(150_000);
  await root.setViewportSize({ width: 1440, height: 900 });
  const equipe = (page: Page) => page.getByRole('link', { name: 'Equipe' });
  const polygons = (page: Page) => page.getByRole('button', { name: 'Poligonais' });

  let welcomeLink = '';
  await test.step('ROOT creates the workspace from the card', async () => {
    await signIn(root, ROOT_EMAIL, ROOT_PASSWORD);
    await expectPath(root, '/root/workspaces');
    await expect(root.getByRole('link', { name: 'Workspaces' })).toHaveAttribute('aria-current', 'page');
    await expect(root.getByRole('button', { name: 'Editar Equipe Demo' })).toContainText('Ana Souza');
    const mailsBefore = outboxFiles(product.dataDir).length;

    await root.getByRole('button', { name: 'Criar Workspace' }).click();
    const dialog = root.getByRole('dialog', { name: 'Criar Workspace' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Marketing');
    await dialog.getByLabel('Descrição').fill('Campanhas, redes sociais e eventos');
    await dialog.getByLabel('Nome do administrador').fill('Marta Lima');
    await dialog.getByLabel('E-mail do administrador').fill('marta@e2e.chat');
    await dialog.getByLabel('Limite de membros').fill('5');
    await expect(dialog.getByRole('switch', { name: 'Poligonais' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Criar Workspace' }).click();
    await expectToast(root, 'Sucesso', 'Workspace criado com sucesso');
    const card = root.getByRole('button', { name: 'Editar Marketing' });
    await expect(card).toContainText('Marta Lima');
    await expect(card).toContainText('1 / 5 membros');

    const { link, text } = await waitForMailLink(product.dataDir, mailsBefore, WELCOME_LINK);
    expect(text).toContain('marta@e2e.chat');
    welcomeLink = link;
  });

  const marta = await newPage(browser, baseURL!);
  await test.step('the new admin sets a password from the welcome link and lands with Equipe', async () => {
    await marta.goto(welcomeLink);
    await expect(marta.getByRole('heading', { name: 'Definir sua senha' })).toBeVisible();
    await marta.getByLabel('Nova senha', { exact: true }).fill('senha-da-marta');
    await marta.getByLabel('Confirmar nova senha').fill('senha-da-marta');
    await marta.getByRole('button', { name: 'Definir senha e entrar' }).click();
    // Signed in at once: no sign-in form to fill with the password just chosen.
    await expectPath(marta, '/auth/conversations');
    await expect(equipe(marta)).toBeVisible();
  });

  await test.step('ROOT turns Poligonais off and on: the admin’s open team page follows', async () => {
    await equipe(marta).click();
    await expectPath(marta, '/auth/team');
    await expect(polygons(marta)).toBeVisible();
    await markDocument(marta);

    for (const on of [false, true]) {
      const dialog = await openEdit(root, 'Marketing');
      await dialog.getByRole('switch', { name: 'Poligonais' }).click();
      await expect(dialog.getByRole('switch', { name: 'Poligonais' })).toBeChecked({ checked: on });
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await expectToast(root, 'Sucesso', 'Workspace atualizado com sucesso');
      await expect(dialog).toBeHidden();
      await expect(polygons(marta)).toBeVisible({ visible: on });
    }
    expect(await stillSameDocument(marta)).toBe(true);
  });

  const paulo = await newPage(browser, baseURL!);
  await test.step('a member joins by invite', async () => {
    const mailsBefore = outboxFiles(product.dataDir).length;
    // Marta's own session token, as her page holds it.
    const token = await marta.evaluate(() => localStorage.getItem('@team-chat:token'));
    const invited = await marta.request.post('/api/user/invite', {
      headers: { authorization: `Bearer ${token}` },
      data: { email: 'paulo@e2e.chat' },
    });
    expect(invited.status()).toBe(201);
    const { link } = await waitForMailLink(product.dataDir, mailsBefore, INVITE_LINK);
    const inviteCode = new URL(link).searchParams.get('inviteCode')!;
    const registered = await paulo.request.post('/api/user/create-by-invite', {
      data: { name: 'Paulo Reis', email: 'paulo@e2e.chat', nickName: 'paulo', password: 'senha-do-paulo', inviteCode },
    });
    expect(registered.status()).toBe(201);
    await signIn(paulo, 'paulo', 'senha-do-paulo');
    await expectPath(paulo, '/auth/conversations');
    await expect(paulo.getByRole('link', { name: 'Conversas' })).toBeVisible();
    await expect(equipe(paulo)).toHaveCount(0);
  });

  await test.step('ROOT makes Paulo the admin: both open pages follow without signing in again', async () => {
    await marta.getByRole('link', { name: 'Conversas' }).click();
    await expectPath(marta, '/auth/conversations');
    await markDocument(marta);
    await markDocument(paulo);
    const dialog = await openEdit(root, 'Marketing');
    await expect(dialog.getByLabel('Nome do administrador')).toBeDisabled();
    await dialog.getByLabel('E-mail do administrador').fill('paulo@e2e.chat');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(root, 'Sucesso', 'Workspace atualizado com sucesso');
    await expect(root.getByRole('button', { name: 'Editar Marketing' })).toContainText('Paulo Reis');

    await expect(equipe(paulo)).toBeVisible();
    await expect(equipe(marta)).toHaveCount(0);
    expect(await stillSameDocument(marta)).toBe(true);
    expect(await stillSameDocument(paulo)).toBe(true);
    await equipe(paulo).click();
    await expectPath(paulo, '/auth/team');
  });

  await test.step('a foreign e-mail is refused and nothing changes', async () => {
    const dialog = await openEdit(root, 'Marketing');
    await dialog.getByLabel('E-mail do administrador').fill('ana@demo.chat');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(root, 'Erro ao atualizar workspace', 'O novo administrador precisa ser um membro ativo deste workspace');
    await root.keyboard.press('Escape');
    await expect(root.getByRole('button', { name: 'Editar Marketing' })).toContainText('Paulo Reis');
  });

  await test.step('390 px wide', async () => {
    await root.setViewportSize({ width: 390, height: 844 });
    await root.reload();
    await expect(root.getByRole('button', { name: 'Editar Marketing' })).toBeVisible();
    await openEdit(root, 'Marketing');
    await root.keyboard.press('Escape');
    await root.getByRole('link', { name: 'Configurações' }).click();
    await expectPath(root, '/root/settings');
  });

  // remote-root is the only remote a ROOT session downloads.
  expect(requests.some((p) => p.startsWith('/remotes/root/'))).toBe(true);
  expect(requests.filter((p) => /^\/remotes\/(chat|team|settings)\//.test(p))).toEqual([]);
});
