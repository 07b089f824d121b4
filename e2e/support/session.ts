import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mail ou usuário').fill(identifier);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await expect(page).toHaveURL(typeof path === 'string' ? new RegExp(`${escape(path)}$`) : path);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A toast with this title (and description) is on screen. Matched as one toast, since others
 * with the same title may still be fading out.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let toast = page.locator('li[data-type]').filter({ has: page.getByText(title, { exact: true }) });
  if (description) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  await expect(toast.last()).toBeVisible();
}

/**
 * Records every toast the context's pages show, from their next navigation on. A toast closes
 * after 3 s: one that appears while the test is still checking another page can
 * be gone before the test looks, on a loaded machine. expectToastShown asks what was shown.
 */
export async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { e2eToasts: string[] }).e2eToasts = shown;
    new MutationObserver(() => {
      for (const toast of Array.from(document.querySelectorAll('li[data-type]'))) {
        const text = toast.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The page showed this toast at some point since recordToasts (it may have closed since). */
export async function expectToastShown(page: Page, title: string, description = ''): Promise<void> {
  const shown = () => page.evaluate(() => (window as unknown as { e2eToasts?: string[] }).e2eToasts ?? []);
  await expect
    .poll(async () => (await shown()).some((text) => text.startsWith(title) && text.includes(description)), {
      message: `the page showed the toast '${title}' '${description}'`,
    })
    .toBe(true);
}

/** An access token whose expiry has passed (and whose signature the server refuses). */
export function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })}.assinatura`;
}

/**
 * Resolves when the page's live connection is up: socket.io's connect packet for the /events
 * namespace arrived. The shell opens the socket once the page has settled, so a test
 * that needs it (a live event, a token the socket must not read yet) waits for this. Call it
 * before the navigation that opens the connection.
 */
export function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40/events')) resolve();
      });
    });
  });
}
