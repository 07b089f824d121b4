import type { Browser, Page } from '@playwright/test';
import { conversationWithApi, signInApi } from '../support/api';
import { entryNamed, messages, openMember } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { pngImage } from '../support/images';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, expectToast, expectToastShown, liveConnection, recordToasts, signIn } from '../support/session';

// The account settings and the public API, between real browser contexts.
// Bruno edits his account; Carla keeps their conversation open and sees the effects live.

const NEW_PASSWORD = 'senha-nova-e2e-12';

const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

async function openAccount(page: Page, section: 'Informações pessoais' | 'Segurança' | 'Integrações') {
  await page.goto('/auth/settings');
  await page.getByRole('link', { name: 'Conta' }).click();
  await expectPath(page, '/auth/settings/conta');
  await page.getByRole('button', { name: section }).click();
}

test.describe.configure({ mode: 'serial' });

let carla: Page;
let bruno: Page;
let conversationId: string;

test.beforeAll(async ({ browser, product }) => {
  // Carla starts the conversation (so it is in her list even without messages) and keeps it open.
  const carlaApi = await signInApi(product.url, 'carla');
  const brunoApi = await signInApi(product.url, 'bruno');
  conversationId = (await conversationWithApi(product.url, carlaApi.token, brunoApi.userId)).id;
  carla = await openMember(browser, product.url, 'carla');
  await entryNamed(carla, 'Bruno Oliveira').click();
  await expect(carla).toHaveURL(new RegExp(`${conversationId}/conversation$`));
  await markDocument(carla);
  const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  bruno = await context.newPage();
  await signIn(bruno, 'bruno@demo.chat', DEMO_PASSWORD);
  await expectPath(bruno, '/auth/conversations');
});

test('bruno changes his name and photo; carla’s open chat shows both without a reload', async () => {
  await openAccount(bruno, 'Informações pessoais');
  await bruno.getByLabel('Nome', { exact: true }).fill('Bruno Ribeiro');
  await bruno.getByLabel('Foto de perfil').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: pngImage(96, 96) });
  await expect(bruno.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  // Leaving with the photo unsaved asks first; staying keeps it.
  const asked = new Promise<string>((resolve) =>
    bruno.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await bruno.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Conversas' }).click();
  expect(await asked).toBe('Há alterações não salvas. Sair sem salvar?');
  await expect(bruno).toHaveURL(/\/auth\/settings/);
  await expect(bruno.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  await bruno.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(bruno, 'Sucesso', 'Usuário atualizado com sucesso');
  // His own page follows too (the shell stores the user the server sends back over the socket).
  await expect(bruno.getByLabel('Nome', { exact: true })).toHaveValue('Bruno Ribeiro');
  await expect(bruno.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /\/media\/avatars\//);

  const header = carla.getByRole('region', { name: 'Conversa' }).locator('header');
  await expect(header.getByText('Bruno Ribeiro')).toBeVisible();
  await expect(header.locator('img')).toHaveAttribute('src', /\/media\/avatars\/.+\.png$/);
  await expect(entryNamed(carla, 'Bruno Ribeiro')).toBeVisible();
  await expect(entryNamed(carla, 'Bruno Ribeiro').locator('img')).toHaveAttribute('src', /\/media\/avatars\//);
  expect(await stillSameDocument(carla)).toBe(true);
});

/**
 * Bruno in another browser, signed in and on his conversations. `socket`: 'live' waits for the
 * live connection; 'held' keeps it from reaching the server until `release` is called, as on a
 * page that has not opened it yet when the password changes.
 */
async function brunoElsewhere(browser: Browser, url: string, socket: 'live' | 'held') {
  const context = await browser.newContext({ baseURL: url });
  await recordToasts(context);
  let release: () => void = () => undefined;
  if (socket === 'held') {
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.routeWebSocket(/\/socket\.io\//, async (ws) => {
      await released;
      ws.connectToServer();
    });
  }
  const page = await context.newPage();
  const live = socket === 'live' ? liveConnection(page) : Promise.resolve();
  await signIn(page, 'bruno@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await live;
  return { page, release };
}

test('a password change keeps this tab signed in and signs out bruno’s other contexts, also one whose socket was not open', async ({
  browser,
  product,
}) => {
  const { page: elsewhere } = await brunoElsewhere(browser, product.url, 'live');
  const { page: late, release: openLateSocket } = await brunoElsewhere(browser, product.url, 'held');
  await openAccount(bruno, 'Segurança');
  await expect(bruno.getByLabel('Revogar também a chave de API')).toBeChecked();
  await bruno.getByLabel('Senha atual', { exact: true }).fill(DEMO_PASSWORD);
  await bruno.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await bruno.getByLabel('Confirmar nova senha', { exact: true }).fill(NEW_PASSWORD);
  // The server closes this tab's socket too (it ends every socket of the account); the tab
  // connects again at once, and that is no news to give.
  await bruno.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { e2eNotices: string[] }).e2eNotices = seen;
    new MutationObserver(() => {
      for (const notice of Array.from(document.querySelectorAll('li[data-type], [role="status"]'))) seen.push(notice.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await bruno.getByRole('button', { name: 'Alterar senha' }).click();
  await expectToast(bruno, 'Sucesso', 'Senha atualizada com sucesso');
  await expect(bruno.getByLabel('Senha atual', { exact: true })).toHaveValue('');

  // The live page hears 'session:revoked'; the late one learns it from its socket's refused
  // handshake (its old token): both say why they went back to sign-in. The live page's toast
  // shows while this tab is still being checked, so it is asked whether it was shown.
  await expectPath(elsewhere, '/');
  await expectToastShown(elsewhere, 'Sessão encerrada', 'A senha desta conta foi alterada. Entre novamente com a nova senha.');
  await elsewhere.context().close();
  await expectPath(late, '/auth/conversations');
  openLateSocket();
  await expectPath(late, '/');
  await expectToastShown(late, 'Sessão encerrada', 'A senha desta conta foi alterada. Entre novamente com a nova senha.');
  await late.context().close();
  const notices = await bruno.evaluate(() => (window as unknown as { e2eNotices: string[] }).e2eNotices);
  expect(notices.filter((text) => /Conexão (restabelecida|perdida)/.test(text))).toEqual([]);

  // This tab still works, also after a reload (its stored pair is the new one).
  await bruno.reload();
  await expectPath(bruno, '/auth/settings/conta');
  await bruno.goto('/auth/conversations');
  await expect(entryNamed(bruno, 'Ana Souza')).toBeVisible();
});

test('a key is created, copied from the page, and used by an integration to send a message carla sees live', async ({ product }) => {
  await openAccount(bruno, 'Integrações');
  await expect(bruno.getByText('Nenhuma chave ativa.')).toBeVisible();
  await bruno.getByLabel('Nome da chave').fill('Robô e2e');
  await bruno.getByLabel(/Acesso total/).check();
  await bruno.getByRole('button', { name: 'Criar chave' }).click();
  await expectToast(bruno, 'Sucesso', 'Chave criada');
  const shown = await bruno.getByLabel(/Sua nova chave/).inputValue();
  expect(shown).toMatch(/^papo_[A-Za-z0-9]{32}$/);
  await bruno.getByRole('button', { name: 'Copiar' }).click();
  await expectToast(bruno, 'Chave copiada');
  const key = await bruno.evaluate(() => navigator.clipboard.readText());
  expect(key).toBe(shown);
  await expect(bruno.getByLabel('Chave ativa')).toContainText(key.slice(-4));

  const text = `Mensagem da integração ${Date.now().toString(36)}`;
  const response = await fetch(`${product.url}/api/message/send`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId, isGroup: false, content: { type: 'text', body: text }, clientId: crypto.randomUUID() }),
  });
  expect(response.status).toBe(200);
  await expect(messages(carla).filter({ hasText: text })).toBeVisible();
  expect(await stillSameDocument(carla)).toBe(true);

  // The key is not a session: it cannot manage keys.
  const refused = await fetch(`${product.url}/api/api-key/active`, { headers: { 'x-api-key': key } });
  expect(refused.status).toBe(403);
});

test('/api/docs renders the API reference', async ({ browser, product }) => {
  const page = await browser.newPage({ baseURL: product.url, viewport: { width: 1440, height: 900 } });
  await page.goto('/api/docs');
  // swagger-ui builds the page from a large document in the browser: on a heavily loaded machine
  // that can take more than the default 10 s, and the test should not hinge on the machine's load.
  await expect(page.getByText('Papo API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/message/send').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
  await page.close();
});

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

test('Segurança lists diego’s sessions; ending the phone’s signs it out, "Sair de todos" signs this one out', async ({
  browser,
  product,
}) => {
  const phoneContext = await browser.newContext({ baseURL: product.url, userAgent: PHONE_UA, viewport: { width: 390, height: 844 } });
  await recordToasts(phoneContext);
  const phone = await phoneContext.newPage();
  const phoneLive = liveConnection(phone);
  await signIn(phone, 'diego@demo.chat', DEMO_PASSWORD);
  await expectPath(phone, '/auth/conversations');
  await phoneLive;

  const desk = await openMember(browser, product.url, 'diego');
  await desk.setViewportSize({ width: 1440, height: 900 });
  await openAccount(desk, 'Segurança');
  const sessions = desk.getByRole('region', { name: 'Sessões ativas' });
  const phoneRow = sessions.getByRole('listitem', { name: /Chrome 124, Android · Celular/ });
  await expect(phoneRow).toBeVisible();
  await expect(sessions.getByText('Este dispositivo')).toHaveCount(1);
  await expect(phoneRow.getByText('Este dispositivo')).toHaveCount(0);

  await phoneRow.getByRole('button', { name: 'Encerrar' }).click();
  await expectToast(desk, 'Sucesso', 'Sessão encerrada');
  await expect(phoneRow).toHaveCount(0);
  // The phone's socket is closed by the server; its next handshake and renewal are refused.
  await expectPath(phone, '/');
  await expectToastShown(phone, 'Sessão encerrada', 'Esta sessão foi encerrada. Entre novamente.');
  await phoneContext.close();

  await sessions.getByRole('button', { name: /Sair de todos os dispositivos/ }).click();
  const dialog = desk.getByRole('dialog', { name: 'Sair de todos os dispositivos?' });
  await dialog.getByRole('button', { name: 'Sair de todos' }).click();
  await expectPath(desk, '/');
  await desk.context().close();
});
