import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { messages } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { openMemberOn } from '../support/phone';

// The dark theme (docs/produto.md, Tema): it follows the device's setting from the first paint,
// on the sign-in page too, and a choice in Configurações overrides the device and survives a
// reload. Checked on the colours the browser computes, not on an attribute alone.

const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
// The tokens' values (packages/ui/src/styles/tokens.css).
const LIGHT_PAGE = 'rgb(246, 247, 249)';
const DARK_PAGE = 'rgb(15, 19, 24)';
const DARK_SURFACE = 'rgb(23, 28, 34)';
const DARK_OWN_BUBBLE = 'rgb(17, 60, 54)';
const DARK_TEXT = 'rgb(238, 241, 244)';

const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The colour the element's text is drawn on: its own background or the nearest one behind it. */
const backgroundBehind = (locator: Locator) =>
  locator.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)') return colour;
    }
    return '';
  });

async function newPage(browser: Browser, baseURL: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL });
  return context.newPage();
}

test('the sign-in page follows the device: dark before the app has run, light on a light device', async ({ browser, baseURL }) => {
  const dark = await newPage(browser, baseURL!, { ...DESKTOP, colorScheme: 'dark' });
  // The app's scripts never arrive: what shows is the page the server sent, with its head script.
  await dark.route(/\/static\/js\//, (route) => route.abort());
  await dark.goto('/');
  const title = dark.getByText('Entrar na sua conta');
  await expect(title).toBeVisible();
  await expect(dark.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await pageBackground(dark)).toBe(DARK_PAGE);
  expect(await backgroundBehind(title)).toBe(DARK_SURFACE);
  expect(await title.evaluate((element) => getComputedStyle(element).color)).toBe(DARK_TEXT);
  expect(await dark.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  expect(await dark.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#171c22');

  // With the app running, the field is dark too (native controls follow color-scheme).
  await dark.unroute(/\/static\/js\//);
  await dark.reload();
  await expect(dark.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await backgroundBehind(dark.getByLabel('E-mail ou usuário'))).not.toBe('rgb(255, 255, 255)');

  const light = await newPage(browser, baseURL!, { ...DESKTOP, colorScheme: 'light' });
  await light.goto('/');
  await expect(light.getByText('Entrar na sua conta')).toBeVisible();
  await expect(light.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(light)).toBe(LIGHT_PAGE);
});

test('an open chat is dark on a dark device: both sides of the conversation readable', async ({ browser, baseURL }) => {
  const url = baseURL!;
  const stamp = Date.now().toString(36);
  const [ana, bruno] = [await signInApi(url, 'ana'), await signInApi(url, 'bruno')];
  const chat = await conversationWithApi(url, ana.token, bruno.userId);
  await sendTextApi(url, bruno.token, chat.id, `oi Ana ${stamp}`);
  await sendTextApi(url, ana.token, chat.id, `oi Bruno ${stamp}`);

  const page = await openMemberOn(browser, url, 'ana', { ...DESKTOP, colorScheme: 'dark' });
  await page.goto(`/auth/conversations/${chat.id}/conversation`);
  const theirs = messages(page)
    .filter({ hasText: `oi Ana ${stamp}` })
    .getByText(`oi Ana ${stamp}`);
  const mine = messages(page)
    .filter({ hasText: `oi Bruno ${stamp}` })
    .getByText(`oi Bruno ${stamp}`);
  await expect(theirs).toBeVisible();
  await expect(mine).toBeVisible();
  expect(await pageBackground(page)).toBe(DARK_PAGE);
  expect(await backgroundBehind(theirs)).toBe(DARK_SURFACE);
  expect(await backgroundBehind(mine)).toBe(DARK_OWN_BUBBLE);
  for (const text of [theirs, mine]) expect(await text.evaluate((element) => getComputedStyle(element).color)).toBe(DARK_TEXT);
  // The message box is no white field on the dark page.
  expect(await backgroundBehind(page.getByPlaceholder('Digite uma mensagem...'))).not.toBe('rgb(255, 255, 255)');
});

test('the choice in Configurações overrides the device and holds after a reload and on the sign-in page', async ({ browser, baseURL }) => {
  const page = await openMemberOn(browser, baseURL!, 'carla', { ...DESKTOP, colorScheme: 'dark' });
  await page.goto('/auth/settings');
  const theme = page.getByRole('group', { name: 'Tema' });
  await expect(theme.getByRole('radio', { name: 'Automático (do sistema)' })).toBeChecked();
  expect(await pageBackground(page)).toBe(DARK_PAGE);

  await theme.getByRole('radio', { name: 'Claro' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);

  await page.reload();
  await expect(page.getByRole('group', { name: 'Tema' }).getByRole('radio', { name: 'Claro' })).toBeChecked();
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);
  // Another page of the same device, the sign-in page included, opens light.
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await pageBackground(other)).toBe(LIGHT_PAGE);

  // Escuro on a light device; Automático gives the device's setting back.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('group', { name: 'Tema' }).getByRole('radio', { name: 'Escuro' }).check();
  expect(await pageBackground(page)).toBe(DARK_PAGE);
  await page.getByRole('group', { name: 'Tema' }).getByRole('radio', { name: 'Automático (do sistema)' }).check();
  expect(await pageBackground(page)).toBe(LIGHT_PAGE);
  // And follows the device from then on, without a reload.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => pageBackground(page)).toBe(DARK_PAGE);
});
