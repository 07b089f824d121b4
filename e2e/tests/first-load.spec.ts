import type { BrowserContext, Page, Request } from '@playwright/test';
import { chatList, listEntry } from '../support/chat';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';
import { expect, test } from '../support/fixtures';

// No waterfall on a signed-in first load of the conversations page: the configuration
// comes inside the page, the chat remote's files are preloaded by the page, and the chat list is
// asked for by the page itself while the shell and remote-chat download; remote-chat shows that
// answer (real data) without asking again.

const LIST = '/api/conversation/get-conversations';
const MAIN_SCRIPT = /^\/static\/js\/index\.[0-9a-f]+\.js$/;
const isRemoteEntry = (url: string) => /\/remotes\/chat\/static\/js\/remote_chat\.[0-9a-f]+\.js$/.test(new URL(url).pathname);

type Person = { name: string; nickName: string };

/**
 * Bruno signed in, then a fresh load of the conversations page in that context (the stored
 * session is shared) where the files `held` matches are held back until the list has been asked
 * for: if only what they bring could ask for it, the page would never get there and this times
 * out. Returns that page, once the list's first entry shows, and its requests until the live
 * connection opened (its first connect asks for the list again only when the server says something
 * was sent meanwhile: socket-connection.ts, loadedSince).
 */
async function loadHoldingUntilListAsked(page: Page, context: BrowserContext, held: (url: URL) => boolean) {
  await signIn(page, 'bruno', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.close();

  const fresh = await context.newPage();
  const requests: Request[] = [];
  let socketOpened = false;
  fresh.on('websocket', () => (socketOpened = true));
  fresh.on('request', (request) => !socketOpened && requests.push(request));
  let listRequested!: () => void;
  const listSeen = new Promise<void>((resolve) => (listRequested = resolve));
  fresh.on('request', (request) => request.url().includes(LIST) && listRequested());
  await fresh.route(held, async (route) => {
    await listSeen;
    await route.continue();
  });

  const listResponse = fresh.waitForResponse((response) => response.url().includes(LIST));
  await fresh.goto('/auth/conversations');
  const conversations = (await (await listResponse).json()) as { userOne: Person; userTwo: Person }[];
  expect(conversations.length).toBeGreaterThan(0);
  const first = conversations[0]!;
  await expect(listEntry(fresh, (first.userOne.nickName === 'bruno' ? first.userTwo : first.userOne).name).first()).toBeVisible();
  await expect(chatList(fresh)).toBeVisible();
  return { fresh, requests };
}

test('the conversations list is asked for before remote-chat has arrived, once, and shown', async ({ page, context }) => {
  const { requests } = await loadHoldingUntilListAsked(page, context, (url) => isRemoteEntry(url.href));

  const paths = requests.map((request) => new URL(request.url()).pathname);
  expect(
    paths.filter((path) => path === LIST),
    'the list is asked for once',
  ).toHaveLength(1);
  expect(
    paths.filter((path) => path === '/api/group/list'),
    'the groups too',
  ).toHaveLength(1);
  expect(paths, 'the configuration came with the page').not.toContain('/config.json');
  const list = requests.find((request) => request.url().includes(LIST))!;
  expect(await list.headerValue('authorization')).toMatch(/^Bearer /);
  // Each preloaded file is the one the Module Federation runtime uses: never downloaded twice.
  for (const file of [
    '/remotes/chat/mf-manifest.json',
    new URL(requests.find((request) => isRemoteEntry(request.url()))!.url()).pathname,
  ]) {
    expect(
      paths.filter((path) => path === file),
      file,
    ).toHaveLength(1);
  }
  // The remote's files were asked for by the page itself (preload links), before any script ran.
  const entry = requests.find((request) => isRemoteEntry(request.url()))!;
  expect(requests.indexOf(entry)).toBeLessThan(requests.findIndex((request) => request.url().includes(LIST)));
});

test("the page itself asks for the conversations list, before the shell's first script has arrived", async ({ page, context }) => {
  // Only the page's own inline script (server/src/modules/web/first-calls-script.ts) can ask
  // before the shell's main script runs.
  const { requests } = await loadHoldingUntilListAsked(page, context, (url) => MAIN_SCRIPT.test(url.pathname));
  const lists = requests.filter((request) => request.url().includes(LIST));
  expect(await lists[0]!.headerValue('authorization')).toMatch(/^Bearer /);
  // The shell took that answer and the remote showed it: nobody asked a second time.
  expect(lists).toHaveLength(1);
});

// The shell's own chunks: the page lists the /auth area's chunks (the app's bootstrap,
// the layout, the remote's slot, the shared singletons; shell/dist/route-preloads.json) as preload
// links, so they download while the shell's main script does, not after it has run; and the live
// connection waits until the page has settled.
test("the /auth area's shell chunks are preloaded by the page, fetched once each, before the main script runs, and their CSS is in the page", async ({
  page,
  context,
}) => {
  await signIn(page, 'bruno', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.close();

  const html = await (await context.request.get('/auth/conversations', { headers: { accept: 'text/html' } })).text();
  const preloaded = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="script" fetchpriority="high">/g)].map((match) => match[1]!);
  expect(preloaded.slice(0, 2).join(' '), 'react, react-dom and the router first: the longest downloads').toMatch(
    /\/async\/framework\..*\/async\/react-dom\.|\/async\/react-dom\..*\/async\/framework\./,
  );
  expect(
    preloaded.some((href) => /\/async\/bootstrap\./.test(href)),
    'the bootstrap',
  ).toBe(true);
  expect(
    preloaded.some((href) => /\/async\/area-auth\./.test(href)),
    'the /auth layout',
  ).toBe(true);
  // A few files, not one per module family: on a phone each is a round trip (packages/build-config).
  expect(preloaded.length).toBeLessThanOrEqual(5);
  // Their stylesheets are in the page itself, under their paths, so the runtime asks for none of
  // them (it would ask only after the chunk's script has run, and on a phone they would take
  // connections the scripts need first).
  const styles = [...html.matchAll(/<style data-href="(\/static\/css\/[^"]+)">/g)].map((match) => match[1]!);
  expect(
    styles.some((href) => /\/async\/area-auth\./.test(href)),
    "the /auth layout's CSS",
  ).toBe(true);

  const fresh = await context.newPage();
  const order: string[] = [];
  fresh.on('request', (request) => order.push(new URL(request.url()).pathname));
  fresh.on('websocket', () => order.push('websocket'));
  let allRequested!: () => void;
  const preloadsSeen = new Promise<void>((resolve) => (allRequested = resolve));
  fresh.on('request', () => preloaded.every((href) => order.includes(href)) && allRequested());
  // The main script is held back until every preloaded chunk has been asked for: had only the
  // main script's code asked for them (a waterfall), the page would never load.
  await fresh.route(
    (url) => MAIN_SCRIPT.test(url.pathname),
    async (route) => {
      await preloadsSeen;
      await route.continue();
    },
  );
  await fresh.goto('/auth/conversations');
  await expect(chatList(fresh)).toBeVisible();
  await expect.poll(() => order.includes('websocket'), { message: 'the socket opens once the page has settled' }).toBe(true);

  for (const href of preloaded)
    expect(
      order.filter((path) => path === href),
      href,
    ).toHaveLength(1);
  for (const href of styles) expect(order, href).not.toContain(href);
  // What the shell loads beyond the preloaded list comes after the first render: the socket's
  // client and the service worker's, never on the chat list's path.
  const list = order.indexOf(LIST);
  expect(list).toBeGreaterThan(-1);
  expect(order.indexOf('websocket')).toBeGreaterThan(list);
  const late = order.filter((path) => path.startsWith('/static/js/async/') && !preloaded.includes(path));
  expect(late.length, late.join(', ')).toBeLessThanOrEqual(4);
});

test('a visitor without a session asks for nothing of the API on the conversations page', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname.startsWith('/api/conversation') && apiCalls.push(request.url()));
  await page.goto('/auth/conversations');
  await expectPath(page, '/');
  await expect(page.getByLabel('E-mail ou usuário')).toBeVisible();
  expect(apiCalls).toEqual([]);
});

// The sign-in page: the page the server sends for '/' carries the page as static HTML
// (the shell's build renders it), painted before the app's script runs, then replaced by the app.
const SHELL_SCRIPTS = '**/static/js/**';

test("the sign-in page shows before the app's script runs, takes no input until then, and the app replaces it in place", async ({
  page,
}) => {
  await page.route(SHELL_SCRIPTS, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  await expect(page.locator('#identifier')).not.toBeEditable();
  const staticBox = await page.locator('main section').boundingBox();

  await page.unroute(SHELL_SCRIPTS);
  await page.goto('/');
  // The app's own form: focused (autoFocus), editable, the only main on the page, at the same place.
  await expect(page.getByLabel('E-mail ou usuário')).toBeFocused();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
  expect(await page.locator('main section').boundingBox()).toEqual(staticBox);
  const shifts = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((entry) => (total += (entry as unknown as { value: number }).value)),
        ).observe({
          type: 'layout-shift',
          buffered: true,
        });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shifts).toBe(0);
});

test('a visitor with a stored session never sees the static sign-in form: the app sends them on', async ({ page }) => {
  await signIn(page, 'bruno', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.route(SHELL_SCRIPTS, (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('[data-prerendered]')).toHaveCount(1);
  await expect(page.locator('[data-prerendered]')).toBeHidden();
  await page.unroute(SHELL_SCRIPTS);
  await page.goto('/');
  await expectPath(page, '/auth/conversations');
});
