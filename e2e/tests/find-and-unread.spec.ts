import type { Page } from '@playwright/test';
import { call, conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, messages, openMember, unreadBadge } from '../support/chat';
import { PHONE } from '../support/phone';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';
import { expect, test } from '../support/fixtures';

// A message found by the chat search opens its chat at that message (300 messages
// back), and a chat with unread messages opens under 'Mensagens não lidas', with the
// 'N novas mensagens' button for what arrives while the view is scrolled up.

test.describe.configure({ mode: 'serial' });

/** Sends `count` texts through the API, a few at a time (cheap, and in order within each batch's start). */
async function sendMany(url: string, token: string, conversationId: string, count: number, text: (i: number) => string) {
  for (let i = 0; i < count; i++) await sendTextApi(url, token, conversationId, text(i + 1));
}

/** Carla and Diego signed in through the API, and their conversation. */
async function carlaAndDiego(url: string) {
  const carla = await signInApi(url, 'carla');
  const diego = await signInApi(url, 'diego');
  return { carla, diego, chat: await conversationWithApi(url, carla.token, diego.userId) };
}

const scroller = (page: Page) => page.getByTestId('message-scroller');
const bubble = (page: Page, text: string) => messages(page).filter({ hasText: text });

/** 'Mensagens não lidas' in view, right above the message with `text`: nothing between them. */
async function expectLineAbove(page: Page, text: string) {
  const divider = page.getByTestId('unread-divider');
  await expect(divider).toHaveText('Mensagens não lidas');
  await expect(divider).toBeInViewport();
  const first = bubble(page, text).first();
  await expect(first).toBeVisible();
  // Read again until it holds: the list may still be settling its first scroll (measured rows).
  const below = async () => {
    const [line, firstBox] = [await divider.boundingBox(), await first.boundingBox()];
    return { after: firstBox!.y > line!.y, gap: firstBox!.y - (line!.y + line!.height) };
  };
  await expect.poll(async () => (await below()).after, { message: 'the message is below the line' }).toBe(true);
  await expect.poll(async () => (await below()).gap, { message: 'nothing between them' }).toBeLessThan(24);
}

test('a search hit 300 messages back opens the chat at that message, and scrolling down joins the live end', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const url = baseURL!;
  const stamp = Date.now().toString(36);
  const ana = await signInApi(url, 'ana');
  const diego = await signInApi(url, 'diego');
  const chat = await conversationWithApi(url, ana.token, diego.userId);
  await sendTextApi(url, diego.token, chat.id, `Farol ${stamp}: o doce açucarado chegou`);
  // The final '.' ends each number: a bubble's text runs into its time ('... 3' + '00:21' read as
  // '... 300:21' between 00:00 and 00:59), so '300' alone also matched message 3 in that hour.
  await sendMany(url, diego.token, chat.id, 300, (i) => `enchimento ${stamp} ${i}.`);

  const page = await openMember(browser, url, 'ana');
  await page.getByPlaceholder('Buscar conversa').fill('acucarado');
  const hit = page.getByTestId('message-hit').filter({ hasText: 'açucarado chegou' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('açucarado');
  await expect(hit).toContainText('Diego');

  await hit.click();
  await expect(page).toHaveURL(/\?mensagem=[0-9a-f-]{36}$/);
  const found = bubble(page, `Farol ${stamp}`);
  // Highlighted briefly (2 s): checked first.
  await expect(found).toHaveAttribute('data-highlighted', '');
  await expect(found).toBeInViewport();
  // The window around it does not reach the newest message yet.
  await expect(bubble(page, `enchimento ${stamp} 300.`)).toHaveCount(0);

  // A live message arriving while the window is detached is held, not lost.
  await sendTextApi(url, diego.token, chat.id, `ao vivo ${stamp}`);
  await expect(page.getByRole('button', { name: '1 nova mensagem' })).toBeVisible();

  // Scrolling down pages forward until the live end, where the held message is.
  await expect(async () => {
    await scroller(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(bubble(page, `ao vivo ${stamp}`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(bubble(page, `enchimento ${stamp} 300.`)).toHaveCount(1);
  await expect(bubble(page, `ao vivo ${stamp}`)).toHaveCount(1);

  // And up again: older pages come in front of the hit.
  const history = await call<{ messages: unknown[] }>(url, `/message/get-messages-by-conversation?conversationId=${chat.id}&all=true`, {
    token: ana.token,
  });
  expect(history.messages.length).toBeGreaterThanOrEqual(302);
  await page.context().close();
});

test('unread messages open under their line; new ones while scrolled up show the button', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  const stamp = Date.now().toString(36);
  const { carla, diego, chat } = await carlaAndDiego(url);
  await sendTextApi(url, carla.token, chat.id, `antes ${stamp}`);
  await sendMany(url, diego.token, chat.id, 40, (i) => `não lida ${stamp} ${i}`);

  const page = await openMember(browser, url, 'carla');
  await entryNamed(page, 'Diego Santos').click();
  await expectLineAbove(page, `não lida ${stamp} 1`);
  await expect(bubble(page, `antes ${stamp}`)).toBeVisible();

  // Scrolled up (the view sits at the line, 40 messages above the end): new ones show the button.
  await sendTextApi(url, diego.token, chat.id, `nova ${stamp} A`);
  await sendTextApi(url, diego.token, chat.id, `nova ${stamp} B`);
  const button = page.getByRole('button', { name: '2 novas mensagens' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(bubble(page, `nova ${stamp} B`)).toBeInViewport();
  await expect(page.getByRole('button', { name: /novas? mensage/ })).toHaveCount(0);
  await page.context().close();
});

test('a chat open at its end stays there when the catch-up of a late connect lands under live messages', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  const stamp = Date.now().toString(36);
  const { carla, diego, chat } = await carlaAndDiego(url);
  // A history longer than a page, and nothing unread for Carla: the chat opens at its end.
  await sendMany(url, carla.token, chat.id, 60, (i) => `minha ${stamp} ${i}`);
  await sendTextApi(url, carla.token, chat.id, `no fim ${stamp}`);

  // The page's socket is held until the first batch is stored, and the history the connect reads
  // again is answered only after live messages came (a busy server): its page then lands in the
  // middle of the list, under the view, above what is already at the end.
  const context = await browser.newContext({ ...PHONE, baseURL: url });
  let releaseSocket!: () => void;
  const socketReleased = new Promise<void>((resolve) => (releaseSocket = resolve));
  await context.routeWebSocket(/\/socket\.io\//, async (socket) => {
    await socketReleased;
    socket.connectToServer();
  });
  const page = await context.newPage();
  await signIn(page, 'carla@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await entryNamed(page, 'Diego Santos').click();
  await expect(bubble(page, `no fim ${stamp}`)).toBeInViewport();

  let releaseHistory!: () => void;
  const historyReleased = new Promise<void>((resolve) => (releaseHistory = resolve));
  let caughtUp!: () => void;
  const catchUpAsked = new Promise<void>((resolve) => (caughtUp = resolve));
  await page.route('**/api/message/get-messages-by-conversation?*', async (route) => {
    // Asked on the connect: from here on the socket is in its rooms and gets live messages.
    caughtUp();
    const response = await route.fetch();
    await historyReleased;
    await route.fulfill({ response });
  });
  await sendMany(url, diego.token, chat.id, 25, (i) => `enquanto fora ${stamp} ${i}`);
  releaseSocket();
  await catchUpAsked;
  await sendMany(url, diego.token, chat.id, 3, (i) => `ao vivo ${stamp} ${i}`);
  await expect(bubble(page, `ao vivo ${stamp} 3`)).toBeInViewport();
  releaseHistory();
  await expect(bubble(page, `enquanto fora ${stamp} 25`)).toHaveCount(1);
  await expect(bubble(page, `ao vivo ${stamp} 3`)).toBeInViewport();
  await context.close();
});

/** A new group of Carla's with Diego, and the count of its messages the server holds unread for her. */
async function carlasGroupWithDiego(url: string, prefix: string) {
  const stamp = Date.now().toString(36);
  const [carla, diego] = [await signInApi(url, 'carla'), await signInApi(url, 'diego')];
  const name = `${prefix} ${stamp}`;
  const group = await call<{ id: string }>(url, '/group/create', {
    method: 'POST',
    token: carla.token,
    body: { name, description: '', members: [diego.userId] },
  });
  const unreadOnServer = async () =>
    (await call<Array<{ id: string; unreadMessages?: number }>>(url, '/group/list', { token: carla.token })).find((g) => g.id === group.id)
      ?.unreadMessages;
  return { stamp, carla, diego, name, group, unreadOnServer };
}

test('a group with unread messages opens under the line too, from what the member has read', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  const { stamp, carla, diego, name, group, unreadOnServer } = await carlasGroupWithDiego(url, 'Leitura');
  await sendTextApi(url, carla.token, group.id, `minha ${stamp}`, true);
  await sendTextApi(url, diego.token, group.id, `lida antes ${stamp}`, true);

  // Carla opens the group: Diego's message is unread (her own is not), so it sits under the line.
  // Her page may not have its live connection yet: her reading is sent once it opens, and covers
  // only what she was shown (the next test holds the connection back on purpose).
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await signIn(page, 'carla@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await entryNamed(page, name).click();
  await expectLineAbove(page, `lida antes ${stamp}`);
  await expect(bubble(page, `minha ${stamp}`)).toBeVisible();
  // She leaves it, and 30 messages of Diego arrive meanwhile.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/auth\/conversations$/);
  for (let i = 1; i <= 30; i++) await sendTextApi(url, diego.token, group.id, `grupo não lida ${stamp} ${i}`, true);
  // The list counts them on the group's row, as a conversation's (docs/produto.md, Regras de conversa).
  await expect(entryNamed(page, name)).toContainText(`grupo não lida ${stamp} 30`);
  await expect(unreadBadge(page, name)).toHaveText('30');

  await entryNamed(page, name).click();
  await expectLineAbove(page, `grupo não lida ${stamp} 1`);
  await expect(bubble(page, `lida antes ${stamp}`)).toBeVisible();

  // Opening it read them all: the server counts none, and opening it again shows no line.
  await expect.poll(unreadOnServer).toBe(0);
  await page.keyboard.press('Escape');
  await entryNamed(page, name).click();
  await expect(bubble(page, `grupo não lida ${stamp} 30`)).toBeVisible();
  await expect(page.getByTestId('unread-divider')).toHaveCount(0);
  await page.context().close();
});

test('a group opened and left before the live connection exists is read on the server once the socket opens, up to what was shown', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL!;
  const { stamp, diego, name, group, unreadOnServer } = await carlasGroupWithDiego(url, 'Cedo');
  await sendTextApi(url, diego.token, group.id, `antes do socket ${stamp}`, true);
  expect(await unreadOnServer()).toBe(1);

  // Carla's page gets the socket's code only after she has opened the group and left it.
  const context = await browser.newContext({ baseURL: url });
  let releaseSocket!: () => void;
  const socketReleased = new Promise<void>((resolve) => (releaseSocket = resolve));
  await context.route(/\/static\/js\/async\/socket-connection\.[0-9a-f]+\.js$/, async (route) => {
    await socketReleased;
    await route.continue();
  });
  const page = await context.newPage();
  let socketOpened = false;
  page.on('websocket', () => (socketOpened = true));
  await signIn(page, 'carla@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await entryNamed(page, name).click();
  await expect(bubble(page, `antes do socket ${stamp}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/auth\/conversations$/);
  // Diego writes twice after she left: she has not seen these.
  for (let i = 1; i <= 2; i++) await sendTextApi(url, diego.token, group.id, `depois de sair ${stamp} ${i}`, true);
  expect(socketOpened, 'no live connection yet').toBe(false);
  expect(await unreadOnServer(), 'read only once a socket takes it').toBe(3);

  releaseSocket();
  await expect.poll(unreadOnServer, { message: 'the read of the group, held until the socket opened, covers what she saw' }).toBe(2);
  expect(socketOpened).toBe(true);
  // And stays so: the two she did not see are still unread when she comes back to the list.
  await page.waitForTimeout(500);
  expect(await unreadOnServer()).toBe(2);
  await context.close();
});

test('a chat opened by its address (a reload, a link) with unread messages opens under the line too', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  const stamp = Date.now().toString(36);
  const { carla, diego, chat } = await carlaAndDiego(url);
  await sendTextApi(url, carla.token, chat.id, `lida ${stamp}`);
  const page = await openMember(browser, url, 'carla');
  await sendMany(url, diego.token, chat.id, 5, (i) => `endereço ${stamp} ${i}`);

  // Straight to the chat's address: the list is not there yet when the chat opens.
  await page.goto(`/auth/conversations/${chat.id}/conversation`);
  await expectLineAbove(page, `endereço ${stamp} 1`);
  await expect(bubble(page, `lida ${stamp}`)).toBeVisible();
  // Opening it read them (once the live connection has told the server): a reload shows no line.
  const unreadOnServer = async () =>
    (
      await call<Array<{ id: string; unreadMessages: number }>>(url, '/conversation/get-conversations?showEmpty=true', {
        token: carla.token,
      })
    ).find((c) => c.id === chat.id)?.unreadMessages;
  await expect.poll(unreadOnServer).toBe(0);
  await page.reload();
  await expect(bubble(page, `endereço ${stamp} 5`)).toBeVisible();
  await expect(page.getByTestId('unread-divider')).toHaveCount(0);
  await page.context().close();
});
