import type { Browser, CDPSession, Page } from '@playwright/test';
import { conversationWithApi, signInApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';

// Notifications with Papo closed. A real push service is out of reach from these machines, so the
// browser side is proven from the service worker on: Chromium's DevTools protocol delivers a real
// `push` event to the registered worker (ServiceWorker.deliverPushMessage), with the payload the
// server sends (the server's sending, VAPID and encryption are proven against a local push service
// in server/src/modules/push/push.test.ts).

test.describe.configure({ mode: 'serial' });

/** A member whose page has its service worker in control, with notifications allowed. */
async function memberWithWorker(browser: Browser, baseURL: string, nick: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await signIn(page, `${nick}@demo.chat`, DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 })
    .toMatch(/\/sw\.js$/);
  return page;
}

/** The id DevTools gives the page's service worker registration. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
  );

test('Configurações > Notificações: what rings is saved and read back', async ({ browser, product }) => {
  const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'bruno@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.goto('/auth/settings');
  await page.getByRole('link', { name: 'Notificações' }).click();
  await expectPath(page, '/auth/settings/notificacoes');
  await expect(page.getByRole('radio', { name: 'Todas as mensagens' })).toBeChecked();
  await page.getByRole('radio', { name: 'Só menções e mensagens diretas' }).check();
  await page.getByRole('switch', { name: 'Não perturbe' }).click();
  await page.getByLabel('Das', { exact: true }).fill('21:30');
  await page.getByLabel('às', { exact: true }).fill('06:45');
  await page.getByLabel('Fuso horário', { exact: true }).selectOption('America/Manaus');
  await page.getByRole('switch', { name: 'Som' }).click();
  await expect(page.getByRole('switch', { name: 'Resumo por e-mail do que ficou sem ler' })).toHaveAttribute('data-state', 'checked');
  await page.getByRole('switch', { name: 'Resumo por e-mail do que ficou sem ler' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Notificações salvas');

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Só menções e mensagens diretas' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Não perturbe' })).toHaveAttribute('data-state', 'checked');
  await expect(page.getByLabel('Das', { exact: true })).toHaveValue('21:30');
  await expect(page.getByLabel('às', { exact: true })).toHaveValue('06:45');
  await expect(page.getByLabel('Fuso horário', { exact: true })).toHaveValue('America/Manaus');
  await expect(page.getByRole('switch', { name: 'Som' })).toHaveAttribute('data-state', 'unchecked');
  await expect(page.getByRole('switch', { name: 'Resumo por e-mail do que ficou sem ler' })).toHaveAttribute('data-state', 'unchecked');
  await context.close();
});

test("the service worker shows a chat's pushes as one notification, a read closes it, a click opens the chat", async ({
  browser,
  product,
}) => {
  const ana = await signInApi(product.url, 'ana');
  const bruno = await signInApi(product.url, 'bruno');
  const chatId = (await conversationWithApi(product.url, bruno.token, ana.userId)).id;
  const page = await memberWithWorker(browser, product.url, 'ana');
  const cdp = await page.context().newCDPSession(page);
  const id = await registrationId(cdp);
  const path = `/auth/conversations/${chatId}/conversation`;
  const deliver = (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: product.url, registrationId: id, data: JSON.stringify(payload) });
  const message = (messageId: string, body: string) => ({
    kind: 'message',
    messageId,
    chatId,
    isGroup: false,
    title: 'Bruno Oliveira',
    body,
    path,
    tag: `chat:${chatId}`,
  });

  await deliver(message('m1', 'Chego às 10h'));
  await expect.poll(() => shown(page)).toEqual([{ title: 'Bruno Oliveira', body: 'Chego às 10h', tag: `chat:${chatId}` }]);
  await deliver(message('m2', 'Traz o contrato'));
  // The same message again (a retried send) changes nothing.
  await deliver(message('m2', 'Traz o contrato'));
  await expect
    .poll(() => shown(page))
    .toEqual([{ title: 'Bruno Oliveira (2 mensagens)', body: 'Chego às 10h\nTraz o contrato', tag: `chat:${chatId}` }]);

  // Read on another device: the notification closes here.
  await deliver({ kind: 'read', chatId, tag: `chat:${chatId}` });
  await expect.poll(() => shown(page)).toEqual([]);

  // A click: DevTools cannot click a system notification, so the worker's click handler is run
  // on the notification it shows; the open tab moves to the chat without a reload.
  await deliver(message('m3', 'Abre aqui'));
  await expect.poll(async () => (await shown(page)).length).toBe(1);
  await page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
  const worker = page.context().serviceWorkers()[0]!;
  await worker.evaluate(async () => {
    // The worker's own globals (this project's DOM types have no service worker scope).
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    const event = new scope.NotificationEvent('notificationclick', { notification: notification! });
    // An untrusted event cannot extend its life: its handler's waitUntil throws, after the work started.
    try {
      scope.dispatchEvent(event);
    } catch {
      // ignored
    }
  });
  await expectPath(page, path);
  expect(await page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark)).toBe(true);
  await expect.poll(() => shown(page)).toEqual([]);
  await page.context().close();
});

test('the page asks for permission only on the click, and says so when the browser refuses', async ({ browser, product }) => {
  const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 900 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, 'carla@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 30_000 })
    .toMatch(/\/sw\.js$/);
  await page.goto('/auth/settings/notificacoes');
  const enable = page.getByRole('button', { name: 'Ativar neste dispositivo' });
  await expect(enable).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  // Headless Chromium answers the prompt with a refusal: the page says how to allow it instead.
  await enable.click();
  await expect(page.getByText('O navegador bloqueou as notificações do Papo.', { exact: false })).toBeVisible();
  await context.close();
});
