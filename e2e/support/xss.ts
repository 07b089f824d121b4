import { expect, type BrowserContext, type Page } from '@playwright/test';

// Stored XSS: what a hostile text would do if it ran, and how a test notices. A payload
// sets the global canary or opens a dialog; every screen is then searched for what markup would
// have left behind (event-handler attributes, frames, links with a scheme other than http(s)).

export const CANARY = '__xssRan';
export const RUN = `window.${CANARY}=1`;

/** Dialogs (alert, confirm, prompt) opened by any page of the context, dismissed and recorded. */
export function watchDialogs(context: BrowserContext): string[] {
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** No script ran and nothing of the markup became live on the page as it is now. */
export async function expectNoScript(page: Page, where: string): Promise<void> {
  const found = await page.evaluate((canary) => {
    const handlers = Array.from(document.querySelectorAll('body *')).filter((el) =>
      Array.from(el.attributes).some((a) => a.name.toLowerCase().startsWith('on')),
    );
    const badLinks = Array.from(document.querySelectorAll('a[href]'))
      .map((a) => (a as HTMLAnchorElement).href)
      .filter((href) => !/^https?:/i.test(href));
    const frames = document.querySelectorAll('body iframe, body embed, body object').length;
    return {
      ran: (window as unknown as Record<string, unknown>)[canary] !== undefined,
      handlers: handlers.map((el) => el.outerHTML.slice(0, 120)),
      badLinks,
      frames,
    };
  }, CANARY);
  expect(found, where).toEqual({ ran: false, handlers: [], badLinks: [], frames: 0 });
}
