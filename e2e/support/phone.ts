import { devices, expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './product';
import { expectPath, signIn } from './session';

// Phones and tablets: the contexts, and the two checks every page must pass there.

/** A typical phone: 390 x 844, touch, a mobile Chrome user agent. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 7'].userAgent,
};

/** A 768 px wide tablet, held upright, with touch. */
export const TABLET: BrowserContextOptions = {
  viewport: { width: 768, height: 1024 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Galaxy Tab S4'].userAgent,
};

export async function openMemberOn(browser: Browser, baseURL: string, nick: string, device: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...device, baseURL });
  const page = await context.newPage();
  await signIn(page, `${nick}@demo.chat`, DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await closeToast(page, 'Bem vindo!');
  return page;
}

/**
 * On a phone a toast lies over the chat header, and Radix pauses a toast while the pointer rests
 * on it, which a blocked click leaves there: close it as a user would. On a busy machine it may
 * have timed out already: then there is nothing to close.
 */
export async function closeToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('li[data-type]').filter({ hasText: text });
  await toast
    .getByRole('button', { name: 'Fechar' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
  await expect(toast).toBeHidden();
}

/** Nothing on the page is wider than the viewport (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()}: scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Every visible interactive element is at least 44 px on its smaller side. A control inside a
 * label is measured by the label (the label is what the finger presses), and links inside running
 * text are inline targets, which WCAG 2.5.8 exempts.
 */
export async function expectTouchTargets(page: Page): Promise<void> {
  const small = await page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="link"]';
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('p') && element.tagName === 'A') continue;
      const target = element.closest('label') ?? element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (Math.min(box.width, box.height) < 44 - 0.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  });
  expect(small, `${page.url()}: alvos de toque menores que 44 px`).toEqual([]);
}

/** Both phone checks (no sideways scroll, touch targets) on the page as it is now. */
export async function expectPhoneFriendly(page: Page): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectTouchTargets(page);
}

/** Presses and holds (a touch long-press) at the centre of the element, through the DevTools protocol. */
export async function longPress(page: Page, selector: ReturnType<Page['locator']>): Promise<void> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('elemento sem caixa para pressionar');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await page.waitForTimeout(900);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Drags a finger from the centre of the element by (dx, dy) in small steps, through the DevTools
 * protocol (real touch input: touch and pointer events, and the browser's own scrolling). With
 * `release: false` the finger stays down (a gesture in progress); `lift` ends it later.
 */
export async function touchDrag(
  page: Page,
  selector: ReturnType<Page['locator']>,
  delta: { dx: number; dy: number },
  { release = true, steps = 12 } = {},
): Promise<{ lift: () => Promise<void> }> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('elemento sem caixa para arrastar');
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let i = 1; i <= steps; i += 1) {
    const point = { x: start.x + (delta.dx * i) / steps, y: start.y + (delta.dy * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await page.waitForTimeout(16);
  }
  const lift = async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
  if (release) await lift();
  return { lift };
}
