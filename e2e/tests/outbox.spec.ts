import type { Browser, Page } from '@playwright/test';
import { call, signInApi } from '../support/api';
import { connectionBanner, entryNamed, messageBox, messages, tickOf } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { pickImage } from '../support/image-picker';
import { pngImage } from '../support/images';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, liveConnection, signIn } from '../support/session';

// The offline outbox (IndexedDB) and drafts, between two browser contexts of the demo
// workspace.

/** Runs `check` with the page at a phone's width, then gives the page its width back. */
async function onPhone(page: Page, check: () => Promise<void>) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await check();
  if (desktop) await page.setViewportSize(desktop);
}

/** A member in a context of their own; `worker`: the service worker may serve the app offline. */
async function member(browser: Browser, baseURL: string, nick: string, worker = false): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: worker ? 'allow' : 'block' });
  const page = await context.newPage();
  // The tests stop the server and take the network away from a page whose live connection is up
  // (the banner says it was lost): the shell opens it only after the list is on screen.
  const live = liveConnection(page);
  await signIn(page, `${nick}@demo.chat`, DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await live;
  return page;
}

/** Types a message and presses Enter, as a person would, whatever the connection. */
async function write(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect(messages(page).filter({ hasText: text })).toBeVisible();
}

const waitingBanner = (page: Page, count: number) =>
  page.getByRole('status').filter({ hasText: `${count} ${count === 1 ? 'mensagem' : 'mensagens'} aguardando conexão` });

/** The contents of the history as the server keeps it for Ana's conversation with Bruno. */
async function serverContents(url: string, conversationId: string): Promise<Array<{ body: string; type: string }>> {
  const { token } = await signInApi(url, 'ana');
  const page = await call<{ messages: Array<{ content: { body: string; type: string } }> }>(
    url,
    `/message/get-messages-by-conversation?conversationId=${conversationId}&all=true`,
    { token },
  );
  return page.messages.map((m) => m.content);
}

/** The texts of that history. */
const history = async (url: string, conversationId: string) => (await serverContents(url, conversationId)).map((c) => c.body);

/** Its image messages (their public URLs). */
const imageBodies = async (url: string, conversationId: string) =>
  (await serverContents(url, conversationId)).filter((c) => c.type === 'image').map((c) => c.body);

/** Ana (whose service worker may serve the app offline) and Bruno, each with their conversation open. */
async function anaAndBruno(browser: Browser, baseURL: string) {
  const ana = await member(browser, baseURL, 'ana', true);
  const bruno = await member(browser, baseURL, 'bruno');
  await expect.poll(() => ana.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  await entryNamed(ana, 'Bruno Oliveira').click();
  const conversationId = /conversations\/([0-9a-f-]{36})\/conversation/.exec(ana.url())![1]!;
  await entryNamed(bruno, 'Ana Souza').click();
  // Open (loaded) before a test takes the network away: the offline part is the writing, not the opening.
  await expect(messageBox(ana)).toBeVisible();
  return { ana, bruno, conversationId };
}

const ANA_IMAGE = 'img[alt="Imagem enviada por Ana Souza"]';

test.describe.configure({ mode: 'serial' });

test('offline: three messages wait in the outbox through a reload and reach the peer once, in order', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { ana, bruno, conversationId } = await anaAndBruno(browser, baseURL!);

  await ana.context().setOffline(true);
  await expect(connectionBanner(ana)).toBeVisible();
  const texts = [1, 2, 3].map((n) => `Sem rede ${n} ${stamp}`);
  for (const text of texts) await write(ana, text);
  for (const text of texts) await expect(tickOf(ana, text)).toHaveAccessibleName('Enviando');
  await expect(waitingBanner(ana, 3)).toBeVisible();
  // On the phone's narrower screen the history grows taller: the newest message stays in view.
  await onPhone(ana, () => expect(messages(ana).filter({ hasText: texts[2] })).toBeInViewport({ ratio: 1 }));

  // Still offline, the page is reloaded (the service worker serves it): nothing is lost.
  await ana.reload();
  await expect(waitingBanner(ana, 3)).toBeVisible();

  await ana.context().setOffline(false);
  await expect(waitingBanner(ana, 3)).toBeHidden({ timeout: 30_000 });
  const received = messages(bruno).filter({ hasText: stamp });
  await expect(received).toHaveText(
    texts.map((t) => new RegExp(t)),
    { timeout: 30_000 },
  );
  // Once: the server's history holds each exactly once, in the order written.
  expect((await history(baseURL!, conversationId)).filter((body) => body.includes(stamp))).toEqual(texts);
  await expect(messages(ana).filter({ hasText: stamp })).toHaveCount(3);
  await ana.context().close();
  await bruno.context().close();
});

test('server down: the outbox waits for it and sends once, in order, when it is back', async ({ browser, baseURL, product }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const ana = await member(browser, baseURL!, 'ana');
  await entryNamed(ana, 'Bruno Oliveira').click();
  await expect(messages(ana).first()).toBeVisible();
  const conversationId = /conversations\/([0-9a-f-]{36})\/conversation/.exec(ana.url())![1]!;
  const texts = [1, 2, 3].map((n) => `Servidor fora ${n} ${stamp}`);

  await product.restart(
    async () => {
      await expect(connectionBanner(ana)).toBeVisible();
      for (const text of texts) await write(ana, text);
      await expect(waitingBanner(ana, 3)).toBeVisible();
      for (const text of texts) await expect(tickOf(ana, text)).toHaveAccessibleName('Enviando');
    },
    { alone: true },
  );

  // Sent by the outbox as soon as the server answers (whether or not the socket is back yet).
  for (const text of texts) await expect(tickOf(ana, text)).not.toHaveAccessibleName('Enviando', { timeout: 45_000 });
  await expect(waitingBanner(ana, 3)).toBeHidden();
  expect((await history(baseURL!, conversationId)).filter((body) => body.includes(stamp))).toEqual(texts);
  await expect(messages(ana).filter({ hasText: stamp })).toHaveCount(3);
  // Bruno opens the conversation: each message once, in order.
  const bruno = await member(browser, baseURL!, 'bruno');
  await entryNamed(bruno, 'Ana Souza').click();
  await expect(messages(bruno).filter({ hasText: stamp })).toHaveText(texts.map((t) => new RegExp(t)));
  await ana.context().close();
  await bruno.context().close();
});

test('images survive a reload: one picked offline, one whose upload is under way; each reaches the peer once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { ana, bruno, conversationId } = await anaAndBruno(browser, baseURL!);
  await expect(messages(bruno).first()).toBeVisible();
  const imagesBefore = (await imageBodies(baseURL!, conversationId)).length;
  const anaImages = ana.locator(ANA_IMAGE);
  const shownBefore = await anaImages.count();
  const brunoShown = await bruno.locator(ANA_IMAGE).count();

  // 1. Picked offline: kept with its file (IndexedDB) through a reload served by the service worker.
  await ana.context().setOffline(true);
  await expect(connectionBanner(ana)).toBeVisible();
  await pickImage(ana, { name: 'sem-rede.png', mimeType: 'image/png', buffer: pngImage(200, 150, undefined, 24) });
  await expect(anaImages).toHaveCount(shownBefore + 1);
  await expect(anaImages.last()).toHaveAttribute('src', /^blob:/);
  await expect(waitingBanner(ana, 1)).toBeVisible();
  await ana.reload();
  await expect(waitingBanner(ana, 1)).toBeVisible();
  await ana.context().setOffline(false);
  await expect(waitingBanner(ana, 1)).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => imageBodies(baseURL!, conversationId), { timeout: 30_000 }).toHaveLength(imagesBefore + 1);
  // The kept file itself went out: Bruno sees the picture, 200 px wide.
  const atBruno = bruno.locator(ANA_IMAGE);
  await expect(atBruno).toHaveCount(brunoShown + 1, { timeout: 30_000 });
  await expect.poll(() => atBruno.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);

  // 2. Online, on a slow uplink: the page is reloaded while the file is on its way.
  const cdp = await ana.context().newCDPSession(ana);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 24 * 1024 });
  await pickImage(ana, { name: 'no-caminho.png', mimeType: 'image/png', buffer: pngImage(320, 240, undefined, 48) });
  const progress = ana.getByRole('progressbar', { name: 'Enviando imagem' });
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
  await ana.reload();
  await cdp
    .send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    .catch(() => undefined);

  // Uploaded again after the reload and sent once (same clientId): two new images on the server, both at Bruno's.
  await expect.poll(() => imageBodies(baseURL!, conversationId), { timeout: 45_000 }).toHaveLength(imagesBefore + 2);
  await expect(waitingBanner(ana, 1)).toBeHidden();
  await expect(atBruno).toHaveCount(brunoShown + 2, { timeout: 30_000 });
  await expect(anaImages).toHaveCount(shownBefore + 2);
  for (const image of await anaImages.all()) await expect(image).toHaveAttribute('src', /\/media\/avatars\//);
  // Nothing is sent again later (the outbox is empty, no third copy).
  await ana.waitForTimeout(2000);
  expect(await imageBodies(baseURL!, conversationId)).toHaveLength(imagesBefore + 2);
  await ana.context().close();
  await bruno.context().close();
});

test('a draft stays through a chat switch and a reload, shows in the list, and sending clears it', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const ana = await member(browser, baseURL!, 'ana');
  await entryNamed(ana, 'Bruno Oliveira').click();
  const draft = `Meio escrito para o Bruno ${stamp}`;
  await messageBox(ana).fill(draft);

  await entryNamed(ana, 'Carla Mendes').click();
  await expect(messageBox(ana)).toHaveValue('');
  const preview = entryNamed(ana, 'Bruno Oliveira').locator('[data-draft]');
  await expect(preview).toHaveText(`Rascunho: ${draft}`);
  await onPhone(ana, async () => {
    await ana.getByRole('button', { name: 'Voltar' }).click();
    await expect(preview).toBeVisible();
  });

  await entryNamed(ana, 'Bruno Oliveira').click();
  await expect(messageBox(ana)).toHaveValue(draft);
  await ana.reload();
  await expect(messageBox(ana)).toHaveValue(draft);

  await messageBox(ana).press('Enter');
  await expect(messages(ana).filter({ hasText: draft })).toBeVisible();
  await expect(messageBox(ana)).toHaveValue('');
  await expect(entryNamed(ana, 'Bruno Oliveira').locator('[data-draft]')).toHaveCount(0);
  await ana.reload();
  await expect(messageBox(ana)).toHaveValue('');
  await ana.context().close();
});

test("a refused message shows 'Não enviada'; signing out asks before discarding unsent messages", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const brunoApi = await signInApi(baseURL!, 'bruno');
  const anaApi = await signInApi(baseURL!, 'ana');
  const groupName = `Fila ${stamp}`;
  const group = await call<{ id: string }>(baseURL!, '/group/create', {
    method: 'POST',
    token: brunoApi.token,
    body: { name: groupName, description: '', members: [anaApi.userId] },
  });
  const ana = await member(browser, baseURL!, 'ana');
  await entryNamed(ana, groupName).click();
  await expect(ana).toHaveURL(new RegExp(`${group.id}/group$`));
  await expect(messageBox(ana)).toBeVisible();

  // Written offline; meanwhile Bruno takes Ana out of the group: the server refuses it.
  await ana.context().setOffline(true);
  const refused = `Ninguém vai ler ${stamp}`;
  await write(ana, refused);
  await call(baseURL!, `/group/remove-member/${group.id}`, { method: 'POST', token: brunoApi.token, body: { memberId: anaApi.userId } });
  await ana.context().setOffline(false);
  const bubble = messages(ana).filter({ hasText: refused });
  await expect(bubble.getByText('Não enviada')).toBeVisible({ timeout: 30_000 });
  await expect(bubble.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await expect(bubble.getByRole('button', { name: 'Apagar' })).toBeVisible();

  // Sign-out asks, saying what would be lost; 'Continuar conectado' keeps everything.
  await ana.getByRole('button', { name: 'Sair' }).first().click();
  const question = ana.getByRole('dialog', { name: 'Sair sem enviar as mensagens?' });
  await expect(question).toContainText('Há 1 mensagem que ainda não foi enviada');
  await question.getByRole('button', { name: 'Continuar conectado' }).click();
  await expect(question).toBeHidden();
  await expect(bubble).toBeVisible();

  // 'Apagar' takes it out; sign-out then asks nothing.
  await bubble.getByRole('button', { name: 'Apagar' }).click();
  await expect(bubble).toHaveCount(0);
  await ana.getByRole('button', { name: 'Sair' }).first().click();
  await expectPath(ana, '/');
  await ana.context().close();
});
