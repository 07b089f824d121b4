import type { Locator, Page } from '@playwright/test';
import { connectionBanner, entryNamed, messageBox, messages, sendText, userRow } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { closeToast, expectNoSidewaysScroll, expectPhoneFriendly, longPress, openMemberOn, PHONE, TABLET } from '../support/phone';
import { expectPath, expiredToken } from '../support/session';

// The signed-in product on a phone (one pane at a time, bottom tab bar, sheets, 44 px
// touch targets, long-press) and on a 768 px tablet (list and chat side by side, details as an
// overlay), with nothing wider than the screen on any page.

const tabBar = (page: Page): Locator => page.getByRole('navigation', { name: 'Navegação inferior' });
const chatRegion = (page: Page): Locator => page.getByRole('region', { name: 'Conversa' });
const sidebarList = (page: Page): Locator => page.getByRole('list', { name: 'Conversas' });

const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

test.describe.configure({ mode: 'serial' });

test('phone: list, chat, back, details sheet, new group, team and settings', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const ana = await openMemberOn(browser, baseURL!, 'ana', PHONE);

  // The list alone, full width; the links live in the tab bar, with Carla's 2 unread on Conversas.
  await expect(sidebarList(ana)).toBeVisible();
  expect((await sidebarList(ana).boundingBox())!.width).toBeGreaterThan(380);
  await expect(ana.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
  await expect(tabBar(ana).getByRole('link')).toHaveText(['2Conversas, 2 não lidas', 'Equipe', 'Configurações']);
  await expect(tabBar(ana).getByRole('link', { name: /Conversas/ })).toHaveAttribute('aria-current', 'page');
  await expect(ana.getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(ana.locator('li[data-type]')).toHaveCount(0);
  await expectPhoneFriendly(ana);

  // Opening a chat shows it alone, with a back button; the tab bar steps aside.
  await entryNamed(ana, 'Bruno Oliveira').click();
  await expectPath(ana, /\/auth\/conversations\/[^/]+\/conversation$/);
  await expect(chatRegion(ana)).toBeVisible();
  await expect(sidebarList(ana)).toBeHidden();
  await expect(tabBar(ana)).toBeHidden();
  expect((await messageBox(ana).boundingBox())!.y + 60).toBeLessThan(844);
  await sendText(ana, 'Mandando do celular');
  await expectPhoneFriendly(ana);

  // Long-press on a bubble opens its actions; 'Copiar' copies the text.
  await ana.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await longPress(ana, messages(ana).filter({ hasText: 'Mandando do celular' }).last().locator('div').first());
  await ana.getByRole('menuitem', { name: 'Copiar' }).click();
  expect(await ana.evaluate(() => navigator.clipboard.readText())).toBe('Mandando do celular');

  // A reload lands on the same pane.
  await ana.reload();
  await expect(chatRegion(ana)).toBeVisible();
  await expect(sidebarList(ana)).toBeHidden();

  // 'Dados do contato' is a full-screen sheet with a close button.
  await ana.getByTitle('Ver detalhes').click();
  const details = ana.getByRole('complementary', { name: 'Detalhes do contato' });
  await expect(details.getByText('Grupos em comum')).toBeVisible();
  await expect.poll(async () => (await details.boundingBox())?.x).toBe(0);
  expect(await details.boundingBox()).toMatchObject({ y: 0, width: 390, height: 844 });
  await expectPhoneFriendly(ana);
  await details.getByRole('button', { name: 'Fechar detalhes' }).click();
  await expect(details).toBeHidden();

  // Back: the list again, at /auth/conversations.
  await ana.getByRole('button', { name: 'Voltar' }).click();
  await expectPath(ana, '/auth/conversations');
  await expect(sidebarList(ana)).toBeVisible();
  await expect(chatRegion(ana)).toHaveCount(0);

  // The new-chat modal is a bottom sheet across the screen; a group is created from it.
  await ana.getByRole('button', { name: 'Novo' }).click();
  const sheet = ana.getByRole('dialog', { name: 'Novo' });
  await sheet.getByRole('tab', { name: 'Grupo' }).click();
  await expect.poll(async () => (await sheet.boundingBox())?.y).toBeGreaterThan(0);
  const box = (await sheet.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(390);
  expect(Math.round(box.y + box.height)).toBe(844);
  await expectPhoneFriendly(ana);
  await sheet.getByLabel('Nome').fill('Plantão celular');
  await userRow(sheet, 'bruno').locator('label').click();
  await sheet.getByRole('button', { name: 'Criar Grupo' }).click();
  await expectPath(ana, /\/auth\/conversations\/[^/]+\/group$/);
  await expect(chatRegion(ana).getByText('Plantão celular')).toBeVisible();
  // Its success toast lies over the header's back button (a CI run waited on it until the timeout).
  await closeToast(ana, 'Grupo criado com sucesso');
  await ana.getByRole('button', { name: 'Voltar' }).click();

  // Team and settings through the tab bar.
  await tabBar(ana).getByRole('link', { name: 'Equipe' }).click();
  await expectPath(ana, '/auth/team');
  await expect(ana.getByRole('list', { name: 'Membros' })).toBeVisible();
  await expectPhoneFriendly(ana);
  await tabBar(ana).getByRole('link', { name: 'Configurações' }).click();
  await expectPath(ana, '/auth/settings');
  await expect(ana.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  await expectPhoneFriendly(ana);
  await ana.getByText('Conta', { exact: true }).first().click();
  await expect(ana.getByText('Integrações')).toBeVisible();
  await expectPhoneFriendly(ana);
  await ana.context().close();
});

test("phone: Escape and the browser's back close the details sheet before leaving the chat", async ({ browser, baseURL }) => {
  const carla = await openMemberOn(browser, baseURL!, 'carla', PHONE);
  await entryNamed(carla, 'Ana Souza').click();
  await expectPath(carla, /\/auth\/conversations\/[^/]+\/conversation$/);
  const chatPath = new URL(carla.url()).pathname;
  const details = carla.getByRole('complementary', { name: 'Detalhes do contato' });

  // Escape: first the sheet, then the chat.
  await carla.getByTitle('Ver detalhes').click();
  await expect(details).toBeVisible();
  await carla.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expectPath(carla, chatPath);
  await expect(chatRegion(carla)).toBeVisible();
  await carla.keyboard.press('Escape');
  await expectPath(carla, '/auth/conversations');
  await expect(sidebarList(carla)).toBeVisible();

  // The browser's back: the same order; the sheet's close button leaves no entry behind.
  await entryNamed(carla, 'Ana Souza').click();
  await carla.getByTitle('Ver detalhes').click();
  await expect(details).toBeVisible();
  await carla.goBack();
  await expect(details).toBeHidden();
  await expectPath(carla, chatPath);
  await carla.getByTitle('Ver detalhes').click();
  await details.getByRole('button', { name: 'Fechar detalhes' }).click();
  await expect(details).toBeHidden();
  await carla.goBack();
  await expectPath(carla, '/auth/conversations');
  await expect(sidebarList(carla)).toBeVisible();

  // The in-app arrow steps back too: the phone's back after it does not reopen the chat.
  await entryNamed(carla, 'Ana Souza').click();
  await expectPath(carla, chatPath);
  await carla.getByRole('button', { name: 'Voltar' }).click();
  await expectPath(carla, '/auth/conversations');
  await carla.goBack();
  await expect(chatRegion(carla)).toHaveCount(0);
  expect(new URL(carla.url()).pathname).not.toBe(chatPath);
  await carla.context().close();
});

test('phone: the Conversas badge counts what arrives while another tab is open', async ({ browser, baseURL }) => {
  const diego = await openMemberOn(browser, baseURL!, 'diego', PHONE);
  await tabBar(diego).getByRole('link', { name: 'Configurações' }).click();
  const before = Number(
    (
      await tabBar(diego)
        .getByRole('link', { name: /Conversas/ })
        .textContent()
    )?.match(/\d+/)?.[0] ?? 0,
  );
  const carla = await openMemberOn(browser, baseURL!, 'carla', PHONE);
  await carla.getByRole('button', { name: 'Novo' }).click();
  await carla.getByRole('dialog', { name: 'Novo' }).getByRole('listitem').filter({ hasText: '@diego' }).click();
  await expect(chatRegion(carla)).toBeVisible();
  await sendText(carla, 'Diego, viu o recado?');
  await expect(tabBar(diego).getByRole('link', { name: /Conversas/ })).toHaveText(`${before + 1}Conversas, ${before + 1} não lidas`);
  await carla.context().close();
  await diego.context().close();
});

test('tablet (768 px): list and chat side by side, details as an overlay', async ({ browser, baseURL }) => {
  const bruno = await openMemberOn(browser, baseURL!, 'bruno', TABLET);
  await expect(tabBar(bruno)).toBeHidden();
  await expect(bruno.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link')).toHaveText(['Conversas', 'Configurações']);
  await expectNoSidewaysScroll(bruno);
  await entryNamed(bruno, 'Ana Souza').click();
  await expect(chatRegion(bruno)).toBeVisible();
  await expect(sidebarList(bruno)).toBeVisible();
  const list = (await sidebarList(bruno).boundingBox())!;
  expect(list.width).toBeGreaterThanOrEqual(280 - 24);
  await expect(bruno.getByRole('button', { name: 'Voltar' })).toBeHidden();
  await sendText(bruno, 'Do tablet');

  await bruno.getByTitle('Ver detalhes').click();
  const details = bruno.getByRole('complementary', { name: 'Detalhes do contato' });
  await expect(details.getByText('Grupos em comum')).toBeVisible();
  // Over the chat (not beside it): the chat keeps its width.
  const chat = (await chatRegion(bruno).boundingBox())!;
  const panel = (await details.boundingBox())!;
  expect(panel.x + panel.width).toBeCloseTo(chat.x + chat.width, 0);
  expect(chat.width).toBeGreaterThan(400);
  await expectNoSidewaysScroll(bruno);
  await details.getByRole('button', { name: 'Fechar detalhes' }).click();
  await expect(details).toBeHidden();

  await bruno.getByRole('link', { name: 'Configurações' }).click();
  await expectPath(bruno, '/auth/settings');
  await expectNoSidewaysScroll(bruno);
  await bruno.context().close();
});

test('installable: valid manifest and icons, the service worker controls the page, offline reload shows the shell, the banner and a list that recovers', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  const manifestResponse = await page.request.get(manifestHref!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    lang: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Papo', lang: 'pt-BR', start_url: '/auth/conversations', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const iconFiles = [...manifest.icons.map((icon) => icon.src), '/icons/apple-touch-icon.png'];
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const [index, src] of iconFiles.entries()) {
    const png = await (await page.request.get(src)).body();
    // PNG signature, then the IHDR width and height.
    expect(png.subarray(1, 4).toString('ascii'), src).toBe('PNG');
    const side = png.readUInt32BE(16);
    expect(png.readUInt32BE(20), src).toBe(side);
    expect(side, src).toBe(index < manifest.icons.length ? Number(manifest.icons[index]!.sizes.split('x')[0]) : 180);
  }

  // First visit: the worker installs and takes control of this very page (clientsClaim).
  await page.getByLabel('E-mail ou usuário').fill('bruno@demo.chat');
  await page.getByLabel('Senha', { exact: true }).fill('demo-senha-e2e');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectPath(page, '/auth/conversations');
  await expect(sidebarList(page)).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  // Open a chat once so that remote-chat's files are in the runtime cache too.
  await entryNamed(page, 'Ana Souza').click();
  await expect(chatRegion(page)).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();

  // Offline, a reload still opens the app: the shell and the connection banner. The access token
  // has expired meanwhile (as it does 15 minutes after sign-in): the renewal gets no answer, and
  // that must not sign the user out; back online, the stored refresh token renews the session.
  await page.evaluate((token) => localStorage.setItem('@team-chat:token', token), expiredToken());
  const refreshBefore = await page.evaluate((key) => localStorage.getItem(key), '@team-chat:refreshToken');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Papo', { exact: true })).toBeVisible();
  await expect(tabBar(page).getByRole('link', { name: /Conversas/ })).toBeVisible();
  await expect(connectionBanner(page)).toBeVisible();
  // The list says it could not be loaded (not that there is no chat, nor a spinner forever)...
  const failed = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar as conversas. Verifique sua conexão.' });
  await expect(failed).toBeVisible();
  await expect(page.getByText(/Você ainda não possui nenhuma conversa/)).toBeHidden();
  await failed.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(failed).toBeVisible();
  // ...and comes back by itself when the network does, even after the socket's last attempt
  // (5 attempts, about 17 s with SOCKET_RECONNECTION's delays), without a reload.
  await markDocument(page);
  await page.waitForTimeout(22_000);
  await context.setOffline(false);
  await expect(entryNamed(page, 'Ana Souza')).toBeVisible({ timeout: 15_000 });
  await expect(connectionBanner(page)).toBeHidden();
  expect(await stillSameDocument(page)).toBe(true);
  expect(await page.evaluate((key) => localStorage.getItem(key), '@team-chat:refreshToken')).not.toBe(refreshBefore);
  await context.close();
});
