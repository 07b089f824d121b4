import type { Page } from '@playwright/test';
import { conversationsApi, sendTextApi, signInApi } from '../support/api';
import {
  connectionBanner,
  entryNamed,
  headerStatus,
  messageBox,
  messages,
  openMember,
  sendText,
  tickOf,
  unreadBadge,
} from '../support/chat';
import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, liveConnection, signIn } from '../support/session';

// Presence, ticks, unread counts, typing and reconnection, between two browser contexts
// (Ana and Bruno of the demo workspace, whose conversation the demo seed holds).

/** Marks the document, so that a later check proves the page was never reloaded meanwhile. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

test.describe.configure({ mode: 'serial' });

test('ticks, presence, unread counts, typing and a server restart, live between two people', async ({ browser, baseURL, product }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const ana = await openMember(browser, baseURL!, 'ana');
  let bruno = await openMember(browser, baseURL!, 'bruno');

  // Ana opens her conversation with Bruno, who is online.
  await entryNamed(ana, 'Bruno Oliveira').click();
  await expect(ana).toHaveURL(/\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/);
  const conversationId = /conversations\/([0-9a-f-]{36})\/conversation/.exec(ana.url())![1]!;
  await expect(headerStatus(ana)).toHaveText('online');

  // Bruno goes away (his only context closes): last seen just now at Ana's, and her message gets
  // one tick.
  await bruno.context().close();
  await expect(headerStatus(ana)).toHaveText(/^visto por último hoje às \d\d:\d\d$/);
  // A reload asks again: the time comes from the server.
  await ana.reload();
  await expect(headerStatus(ana)).toHaveText(/^visto por último hoje às \d\d:\d\d$/);
  const first = `Você está aí? ${stamp}`;
  await sendText(ana, first);
  await expect(tickOf(ana, first)).toHaveAccessibleName('Enviada');

  // Bruno comes back: online again, and the message reaches him: two ticks at Ana's.
  bruno = await openMember(browser, baseURL!, 'bruno');
  await expect(headerStatus(ana)).toHaveText('online');
  await expect(tickOf(ana, first)).toHaveAccessibleName('Entregue');
  await expect(tickOf(ana, first)).not.toHaveAttribute('data-read');

  // Bruno's list counts what he has not read, as the server does (also after a reload)...
  const { token: brunoToken } = await signInApi(baseURL!, 'bruno');
  const unread = (await conversationsApi(baseURL!, brunoToken)).find((c) => c.id === conversationId)!.unreadMessages;
  expect(unread).toBeGreaterThanOrEqual(1);
  await expect(unreadBadge(bruno, 'Ana Souza')).toHaveText(String(unread));
  // ...in every tab: a second one on the list.
  const brunoTab2 = await bruno.context().newPage();
  await brunoTab2.goto('/auth/conversations');
  await expect(unreadBadge(brunoTab2, 'Ana Souza')).toHaveText(String(unread));

  // Another message from Ana: one more, live, in both tabs; delivered at once (Bruno is online).
  const second = `Tenho uma novidade ${stamp}`;
  await sendText(ana, second);
  await expect(tickOf(ana, second)).toHaveAccessibleName('Entregue');
  await expect(unreadBadge(bruno, 'Ana Souza')).toHaveText(String(unread + 1));
  await expect(unreadBadge(brunoTab2, 'Ana Souza')).toHaveText(String(unread + 1));

  // Bruno opens the chat: no badge in either tab, and Ana's ticks turn to read (highlighted).
  await entryNamed(bruno, 'Ana Souza').click();
  await expect(messages(bruno).filter({ hasText: second })).toBeVisible();
  await expect(unreadBadge(bruno, 'Ana Souza')).toHaveCount(0);
  await expect(unreadBadge(brunoTab2, 'Ana Souza')).toHaveCount(0);
  for (const text of [first, second]) {
    await expect(tickOf(ana, text)).toHaveAccessibleName('Lida');
    await expect(tickOf(ana, text)).toHaveAttribute('data-read', '');
  }
  // The server agrees: a reload shows no unread count either.
  await brunoTab2.reload();
  await expect(entryNamed(brunoTab2, 'Ana Souza')).toBeVisible();
  await expect(unreadBadge(brunoTab2, 'Ana Souza')).toHaveCount(0);
  await brunoTab2.close();

  // With the chat open on his side, Ana's next message is read at once.
  const third = `Chegou agora ${stamp}`;
  await sendText(ana, third);
  await expect(tickOf(ana, third)).toHaveAccessibleName('Lida');

  // Bruno types: 'Digitando...' at Ana's, gone about 2 s after his last keystroke.
  await messageBox(bruno).pressSequentially('Estou escrevendo uma resposta', { delay: 30 });
  const lastKeystroke = Date.now();
  await expect(headerStatus(ana)).toHaveText('Digitando...');
  await expect(headerStatus(ana)).toHaveText('online', { timeout: 8000 });
  const shownFor = Date.now() - lastKeystroke;
  expect(shownFor).toBeGreaterThan(1500);
  expect(shownFor).toBeLessThan(4500);
  // Clearing the box stops at once; nothing is sent.
  await messageBox(bruno).fill('');

  // The server restarts in the middle of the conversation. While it is down, Bruno sends a
  // message through the API (served by another instance on the same data): both pages must
  // reconnect on their own and show it without a reload.
  await markDocument(ana);
  await markDocument(bruno);
  const duringOutage = `Mandei pela API durante a queda ${stamp}`;
  await product.restart(async (otherUrl) => {
    await expect(connectionBanner(ana)).toBeVisible();
    await expect(connectionBanner(bruno)).toBeVisible();
    const { token } = await signInApi(otherUrl, 'bruno');
    await sendTextApi(otherUrl, token, conversationId, duringOutage);
  });
  await expect(connectionBanner(ana)).toBeHidden({ timeout: 30_000 });
  await expect(connectionBanner(bruno)).toBeHidden({ timeout: 30_000 });
  await expect(messages(ana).filter({ hasText: duringOutage })).toBeVisible();
  await expect(messages(bruno).filter({ hasText: duringOutage })).toBeVisible();
  // Ana has the chat open: once back, it is read, and Bruno sees his message's ticks turn.
  await expect(tickOf(bruno, duringOutage)).toHaveAccessibleName('Lida');
  expect(await stillSameDocument(ana)).toBe(true);
  expect(await stillSameDocument(bruno)).toBe(true);

  // And the conversation goes on live.
  const after = `De volta ${stamp}`;
  await sendText(ana, after);
  await expect(messages(bruno).filter({ hasText: after })).toBeVisible();
  await expect(tickOf(ana, after)).toHaveAccessibleName('Lida');
  await expect(headerStatus(bruno)).toHaveText('online');
});

test('a message while the window is unfocused gives a desktop notification that opens the chat', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  // A stand-in for the OS notification and an unfocused window (headless Chromium has neither).
  await context.addInitScript(() => {
    type Shown = { title: string; options: NotificationOptions; closed: boolean; onclick: (() => void) | null };
    const shown: Shown[] = [];
    (window as unknown as { shownNotifications: Shown[] }).shownNotifications = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      closed = false;
      onclick: (() => void) | null = null;
      constructor(
        public title: string,
        public options: NotificationOptions,
      ) {
        shown.push(this);
      }
      close() {
        this.closed = true;
      }
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    document.hasFocus = () => false;
  });
  const ana = await context.newPage();
  const warnings: string[] = [];
  const errors: string[] = [];
  ana.on('console', (message) => {
    // Playwright's own stub for the blocked service worker (playwright.config) is not the app's.
    if (message.type() === 'warning' && !message.text().includes('blocked by Playwright')) warnings.push(message.text());
  });
  ana.on('pageerror', (error) => errors.push(error.message));
  // A message before the socket is up reaches the page by the catch-up fetch, without a notification.
  const live = liveConnection(ana);
  await signIn(ana, 'ana@demo.chat', DEMO_PASSWORD);
  await expectPath(ana, '/auth/conversations');
  await live;
  // Somewhere else in the app: the shell still sees every message.
  await ana.getByRole('link', { name: 'Configurações' }).click();
  await expectPath(ana, '/auth/settings');

  const { token, userId: brunoId } = await signInApi(baseURL!, 'bruno');
  const anaId = (await signInApi(baseURL!, 'ana')).userId;
  const conversation = (await conversationsApi(baseURL!, token)).find((c) => [c.userOneId, c.userTwoId].includes(anaId))!;
  expect([conversation.userOneId, conversation.userTwoId]).toContain(brunoId);
  const text = `Notifica ${Date.now().toString(36)}`;
  await sendTextApi(baseURL!, token, conversation.id, text);

  const read = () =>
    ana.evaluate(() =>
      (
        window as unknown as { shownNotifications: { title: string; options: NotificationOptions; closed: boolean }[] }
      ).shownNotifications.map((n) => ({ title: n.title, body: n.options.body, closed: n.closed })),
    );
  await expect.poll(read).toEqual([{ title: 'Bruno Oliveira', body: text, closed: false }]);
  // Closed by itself after 5 s.
  await expect.poll(read, { timeout: 8000 }).toEqual([{ title: 'Bruno Oliveira', body: text, closed: true }]);
  // A click opens that conversation.
  await ana.evaluate(() => (window as unknown as { shownNotifications: { onclick: () => void }[] }).shownNotifications[0]!.onclick());
  await expectPath(ana, `/auth/conversations/${conversation.id}/conversation`);
  await expect(messages(ana).filter({ hasText: text })).toBeVisible();
  // The chime may be refused by a headless browser: that is a warning, never an error.
  expect(errors).toEqual([]);
  expect(warnings.filter((w) => !w.startsWith('Não foi possível tocar o som da notificação'))).toEqual([]);
  await context.close();
});
