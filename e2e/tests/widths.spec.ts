import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { entryNamed } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll, PHONE, TABLET } from '../support/phone';
import { DEMO_PASSWORD, ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';

// Nothing wider than the viewport from 320 px up, on every screen of the product. With
// E2E_SCREENS_DIR set (`npm run screens`), also the screenshots at 360, 390, 768, 1024 and 1440 px
// that a person looks at; the tests themselves compare no pictures.

const SCREENS = process.env.E2E_SCREENS_DIR;
const WIDTHS = [320, 360, 390, 768, 1024, 1440];
const SHOT_WIDTHS = new Set([360, 390, 768, 1024, 1440]);

function device(width: number): BrowserContextOptions {
  if (width < 768) return { ...PHONE, viewport: { width, height: 844 } };
  if (width < 1024) return TABLET;
  return { viewport: { width, height: 900 } };
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  width: number,
  identifier: string,
  password: string,
  home: string,
): Promise<Page> {
  const context = await browser.newContext({ ...device(width), baseURL });
  const page = await context.newPage();
  await signIn(page, identifier, password);
  await expectPath(page, home);
  return page;
}

/** The page as it is now: nothing wider than the viewport; a screenshot at the widths that keep one, when asked for. */
async function look(page: Page, width: number, screen: string, seen: string[]): Promise<void> {
  await expect(page.locator('li[data-type]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSidewaysScroll(page);
  if (SCREENS && SHOT_WIDTHS.has(width)) await page.screenshot({ path: `${SCREENS}/${screen}-${width}.png` });
  seen.push(`${screen}@${width}`);
}

// One test per width: seven screens at six widths in one test took nearly all of one test's time
// in CI and ran out on a loaded machine; each width has its own time, and both workers share them.
test.describe.configure({ mode: 'parallel' });
for (const width of WIDTHS) {
  test(`at ${width} px no screen is wider than the viewport${SHOT_WIDTHS.has(width) ? ', with screenshots' : ''}`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const seen: string[] = [];
    const ana = await signedIn(browser, baseURL!, width, 'ana@demo.chat', DEMO_PASSWORD, '/auth/conversations');
    await expect(entryNamed(ana, 'Bruno Oliveira')).toBeVisible();
    await look(ana, width, 'list', seen);
    await entryNamed(ana, 'Bruno Oliveira').click();
    await expect(ana.getByPlaceholder('Digite uma mensagem...')).toBeVisible();
    await look(ana, width, 'chat', seen);
    await ana.getByTitle('Ver detalhes').click();
    await expect(ana.getByRole('complementary', { name: 'Detalhes do contato' }).getByText('Grupos em comum')).toBeVisible();
    await ana.waitForTimeout(300); // the sheet's slide-in
    await look(ana, width, 'details', seen);
    await ana.goto('/auth/conversations');
    await ana.getByRole('button', { name: 'Novo' }).click();
    await expect(ana.getByRole('dialog', { name: 'Novo' }).getByRole('listitem').first()).toBeVisible();
    await ana.waitForTimeout(300);
    await look(ana, width, 'new-chat', seen);
    await ana.goto('/auth/team');
    await expect(ana.getByRole('list', { name: 'Membros' })).toBeVisible();
    await look(ana, width, 'team', seen);
    await ana.goto('/auth/settings/conta');
    await ana.getByRole('button', { name: 'Informações pessoais' }).click();
    await expect(ana.getByLabel('Nome', { exact: true })).toBeVisible();
    await look(ana, width, 'settings', seen);
    await ana.context().close();

    const root = await signedIn(browser, baseURL!, width, ROOT_EMAIL, ROOT_PASSWORD, '/root/workspaces');
    await expect(root.getByRole('list', { name: 'Workspaces' })).toBeVisible();
    await look(root, width, 'root-workspaces', seen);
    await root.context().close();
    expect(seen).toHaveLength(7);
  });
}
