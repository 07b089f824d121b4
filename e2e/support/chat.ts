import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './product';
import { expectPath, signIn } from './session';

// Helpers for the chat screens (remote-chat), acting as a person would.

/** A signed-in member of the demo workspace in a browser context of their own. */
export async function openMember(browser: Browser, baseURL: string, nick: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, `${nick}@demo.chat`, DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  return page;
}

export const chatList = (page: Page): Locator => page.getByRole('list', { name: 'Conversas' });

/** The chat-list entry whose text contains `text` (a name or a preview). */
export const listEntry = (page: Page, text: string | RegExp): Locator => chatList(page).getByRole('button').filter({ hasText: text });

export const messages = (page: Page): Locator => page.getByTestId('message');

export const messageBox = (page: Page): Locator => page.getByPlaceholder('Digite uma mensagem...');

/** Touch alone (a phone, a tablet): there Enter adds a line and the send button sends. */
export const typesByTouch = (page: Page): Promise<boolean> =>
  page.evaluate(() => window.matchMedia('(hover: none) and (pointer: coarse)').matches);

export async function sendText(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  if (await typesByTouch(page)) await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  else await messageBox(page).press('Enter');
  await expect(
    messages(page)
      .filter({ hasText: text.replace(/[*_~]/g, '') })
      .last(),
  ).toBeVisible();
}

export async function openNewModal(page: Page, tab: 'Conversa' | 'Grupo'): Promise<Locator> {
  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

/** A user row (name + @nick) in a user list of a modal. */
export const userRow = (scope: Locator, nick: string): Locator => scope.getByRole('listitem').filter({ hasText: `@${nick}` });

export async function toggleDetails(page: Page): Promise<void> {
  await page.getByTitle('Ver detalhes').click();
}

/** A member row of the open group's details panel. */
export const memberRow = (page: Page, nick: string): Locator =>
  page
    .getByRole('list', { name: 'Membros' })
    .getByRole('listitem')
    .filter({ hasText: `@${nick}` });

/** The chat-list entry of the chat named exactly `name` (not one whose preview mentions it). */
export const entryNamed = (page: Page, name: string): Locator =>
  chatList(page)
    .getByRole('button')
    .filter({ has: page.getByText(name, { exact: true }) });

/** The unread badge of a chat-list entry ('N não lidas'); absent when 0. */
export const unreadBadge = (page: Page, name: string): Locator => entryNamed(page, name).locator('[aria-label$="não lidas"]');

/** The open chat's header status line: online / offline / 'Digitando...' (or group nicknames). */
export const headerStatus = (page: Page): Locator =>
  page.getByRole('region', { name: 'Conversa' }).locator('header [data-presence], header [data-typing]').first();

/** The status tick of my message containing `text`: its name is Enviando, Enviada, Entregue or Lida. */
export const tickOf = (page: Page, text: string): Locator =>
  messages(page)
    .filter({ hasText: text })
    .last()
    .getByRole('img', { name: /^(Enviando|Enviada|Entregue|Lida)$/ });

/** The shell's connection banner (shown while the live connection is down). */
export const connectionBanner = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /Conexão perdida|Sem conexão com o servidor/ });
