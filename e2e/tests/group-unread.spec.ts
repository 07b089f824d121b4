import type { Locator, Page } from '@playwright/test';
import { call, conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, messages, openMember, unreadBadge } from '../support/chat';
import { expect, test } from '../support/fixtures';

// A group counts its unread messages as a conversation does (docs/produto.md, Regras de
// conversa): the number on its row, the row in bold, the Conversas tab's total; reading the
// group clears them in every tab of the reader.

/** The phone tab bar's 'Conversas' link: its badge and its name carry the unread total. */
const conversasTab = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Navegação inferior' }).getByRole('link', { name: /^Conversas/ });
const withTotal = (total: number) => (total > 0 ? `${total}Conversas, ${total} não lidas` : 'Conversas');

test("a group's unread count shows on the member's row and in the total, and reading it clears every tab", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const url = baseURL!;
  const stamp = Date.now().toString(36);
  const [carla, diego, ana] = [await signInApi(url, 'carla'), await signInApi(url, 'diego'), await signInApi(url, 'ana')];
  const name = `Contagem ${stamp}`;
  const group = await call<{ id: string }>(url, '/group/create', {
    method: 'POST',
    token: carla.token,
    body: { name, description: '', members: [diego.userId] },
  });
  const chat = await conversationWithApi(url, diego.token, ana.userId);
  await sendTextApi(url, ana.token, chat.id, `bom dia ${stamp}`);
  const summary = () => call<{ unreadMessages: number }>(url, '/conversation/chat-summary', { token: diego.token });

  // Diego: one tab with his chat with Ana open, a second one, phone-wide, on the list.
  const open = await openMember(browser, url, 'diego');
  await open.goto(`/auth/conversations/${chat.id}/conversation`);
  await expect(messages(open).filter({ hasText: `bom dia ${stamp}` })).toBeVisible();
  const list = await open.context().newPage();
  await list.setViewportSize({ width: 390, height: 844 });
  await list.goto('/auth/conversations');
  await expect(entryNamed(list, name)).toBeVisible();
  // Opening the chat with Ana read it: what else Diego has unread is the baseline.
  await expect
    .poll(
      async () =>
        (
          await call<Array<{ id: string; unreadMessages: number }>>(url, '/conversation/get-conversations?showEmpty=true', {
            token: diego.token,
          })
        ).find((c) => c.id === chat.id)?.unreadMessages,
    )
    .toBe(0);
  const before = (await summary()).unreadMessages;
  await expect(conversasTab(list)).toHaveText(withTotal(before));
  await expect(unreadBadge(open, name)).toHaveCount(0);

  for (let i = 1; i <= 3; i++) await sendTextApi(url, carla.token, group.id, `no grupo ${stamp} ${i}`, true);

  for (const page of [open, list]) {
    await expect(entryNamed(page, name)).toContainText(`no grupo ${stamp} 3`);
    await expect(unreadBadge(page, name)).toHaveText('3');
    await expect(unreadBadge(page, name)).toHaveAccessibleName('3 não lidas');
    await expect(entryNamed(page, name)).toHaveAttribute('data-unread', '');
    // Bold, as a conversation with unread messages.
    const weight = await entryNamed(page, name)
      .getByText(name, { exact: true })
      .evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(weight).toBeGreaterThanOrEqual(700);
  }
  // The open chat stays read meanwhile.
  await expect(unreadBadge(open, 'Ana Souza')).toHaveCount(0);
  await expect(conversasTab(list)).toHaveText(withTotal(before + 3));
  expect((await summary()).unreadMessages).toBe(before + 3);

  // Diego opens the group in his first tab: the count goes there and in the other tab, and from the total.
  await entryNamed(open, name).click();
  await expect(messages(open).filter({ hasText: `no grupo ${stamp} 3` })).toBeVisible();
  await expect(open.getByTestId('unread-divider')).toHaveText('Mensagens não lidas');
  await expect(unreadBadge(open, name)).toHaveCount(0);
  await expect(unreadBadge(list, name)).toHaveCount(0);
  await expect(entryNamed(list, name)).not.toHaveAttribute('data-unread');
  await expect(conversasTab(list)).toHaveText(withTotal(before));
  expect((await summary()).unreadMessages).toBe(before);
});
