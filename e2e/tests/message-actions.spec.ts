import type { Browser, Locator, Page } from '@playwright/test';
import { call, conversationsApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, messageBox, messages, openMember, sendText, tickOf } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { longPress, openMemberOn, PHONE, touchDrag } from '../support/phone';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';

// Edit, delete, reply, reactions, mentions, silence and 'Lida por', between two and
// three browser contexts of the demo workspace (Ana, Bruno and Carla, and their group 'Projeto Aurora').

test.describe.configure({ mode: 'serial' });

const bubble = (page: Page, text: string): Locator => messages(page).filter({ hasText: text }).last();

async function menuOf(page: Page, text: string, item: string): Promise<void> {
  const row = bubble(page, text);
  await row.hover();
  await row.getByRole('button', { name: 'Mais opções' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Bruno's API session and his conversation with Ana (the demo's). */
async function brunosConversationWithAna(baseURL: string) {
  const bruno = await signInApi(baseURL, 'bruno');
  const anaId = (await signInApi(baseURL, 'ana')).userId;
  const conversation = (await conversationsApi(baseURL, bruno.token)).find((c) => [c.userOneId, c.userTwoId].includes(anaId))!;
  return { bruno, conversation };
}

const chatMenu = (page: Page) =>
  page.getByRole('region', { name: 'Conversa' }).locator('header').getByRole('button', { name: 'Mais opções' });

interface Shown {
  title: string;
  body: string | undefined;
}

/** A context whose window is unfocused, with a stand-in for the OS notification (headless Chromium has neither). */
async function openUnfocused(browser: Browser, baseURL: string, nick: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => {
    const shown: Array<{ title: string; options: NotificationOptions }> = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(
        public title: string,
        public options: NotificationOptions,
      ) {
        shown.push(this);
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true });
    document.hasFocus = () => false;
  });
  const page = await context.newPage();
  await signIn(page, `${nick}@demo.chat`, DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  return page;
}

const notifications = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { shownNotifications: Array<{ title: string; options: NotificationOptions }> }).shownNotifications.map(
      (n): Shown => ({ title: n.title, body: n.options.body }),
    ),
  );

test('edit, delete, reactions and replies, live between two people; a quote jumps into older history', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  // An original deep in the history: 60 messages after it, then a reply to it (through the API).
  const { bruno, conversation } = await brunosConversationWithAna(baseURL!);
  const send = (text: string, extra: Record<string, unknown> = {}) =>
    call<{ id: string }>(baseURL!, '/message/send', {
      method: 'POST',
      token: bruno.token,
      body: {
        conversationId: conversation.id,
        isGroup: false,
        content: { type: 'text', body: text },
        clientId: crypto.randomUUID(),
        ...extra,
      },
    });
  const origin = await send(`Original lá atrás ${stamp}`);
  for (let i = 0; i < 60; i += 1) await send(`enchimento ${i} ${stamp}`);
  await send(`Respondendo ao antigo ${stamp}`, { replyToId: origin.id });

  const ana = await openMember(browser, baseURL!, 'ana');
  const brunoPage = await openMember(browser, baseURL!, 'bruno');
  for (const page of [ana, brunoPage]) await entryNamed(page, page === ana ? 'Bruno Oliveira' : 'Ana Souza').click();

  // Edit through the menu: Bruno sees the new text and '(editada)' live; the list preview follows.
  const typo = `Reunião às 10h ${stamp}`;
  await sendText(ana, typo);
  await expect(bubble(brunoPage, typo)).toBeVisible();
  await menuOf(ana, typo, 'Editar');
  await expect(ana.getByText('Editando mensagem')).toBeVisible();
  await expect(messageBox(ana)).toHaveValue(typo);
  const fixed = `Reunião às *11h* ${stamp}`;
  await messageBox(ana).fill(fixed);
  await messageBox(ana).press('Enter');
  const fixedText = `Reunião às 11h ${stamp}`;
  await expect(bubble(brunoPage, fixedText)).toContainText('(editada)');
  await expect(bubble(brunoPage, fixedText).getByText('(editada)')).toHaveAttribute('title', /^Editada em \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  await expect(entryNamed(brunoPage, 'Ana Souza')).toContainText(fixedText);
  // The Up arrow in the empty box edits my last message; Escape leaves it.
  await messageBox(ana).press('ArrowUp');
  await expect(messageBox(ana)).toHaveValue(fixed);
  await messageBox(ana).press('Escape');
  await expect(ana.getByText('Editando mensagem')).toBeHidden();
  await expect(messageBox(ana)).toHaveValue('');
  await expect(ana).toHaveURL(/\/conversation$/);

  // Reactions: Bruno picks 👍 from the bar; Ana sees the chip and who reacted.
  await bubble(brunoPage, fixedText).hover();
  await bubble(brunoPage, fixedText).getByRole('button', { name: 'Reagir' }).click();
  await expect(brunoPage.getByRole('toolbar', { name: 'Reagir' })).toBeVisible();
  await brunoPage.getByRole('button', { name: 'Reagir com 👍' }).click();
  const chip = bubble(ana, fixedText).getByRole('button', { name: '👍 1: Bruno Oliveira' });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.hover();
  await expect(bubble(ana, fixedText).getByTestId('who-reacted')).toHaveText('Bruno Oliveira');
  await chip.click();
  await expect(bubble(brunoPage, fixedText).getByRole('button', { name: '👍 2: Você, Ana Souza' })).toBeVisible();
  const both = bubble(ana, fixedText).getByRole('button', { name: /^👍 2/ });
  await expect(both).toHaveAttribute('aria-pressed', 'true');
  await both.hover();

  // Delete with a confirmation: 'Mensagem apagada' at both ends.
  const wrong = `Mensagem para a pessoa errada ${stamp}`;
  await sendText(ana, wrong);
  await expect(bubble(brunoPage, wrong)).toBeVisible();
  await bubble(ana, wrong).hover();
  await bubble(ana, wrong).getByRole('button', { name: 'Mais opções' }).click();
  await ana.getByRole('menuitem', { name: 'Apagar' }).click();
  const dialog = ana.getByRole('dialog', { name: 'Apagar mensagem?' });
  await dialog.getByRole('button', { name: 'Apagar' }).click();
  await expect(brunoPage.getByText(wrong)).toHaveCount(0);
  await expect(messages(brunoPage).last()).toContainText('Mensagem apagada');
  await expect(messages(ana).last().getByText('Mensagem apagada')).toHaveCSS('font-style', 'italic');
  await expect(entryNamed(brunoPage, 'Ana Souza')).toContainText('Mensagem apagada');

  // Reply through the menu: the quote in the box, then in the sent bubble.
  await menuOf(brunoPage, fixedText, 'Responder');
  await expect(brunoPage.getByRole('button', { name: 'Cancelar resposta' })).toBeVisible();
  const answer = `Combinado ${stamp}`;
  await sendText(brunoPage, answer);
  await expect(bubble(ana, answer).getByRole('button', { name: /Ana Souza/ })).toContainText(fixedText);

  // A click on an old quote loads older pages until the original is there, and highlights it.
  const original = messages(ana)
    .filter({ hasText: `Original lá atrás ${stamp}` })
    .filter({ hasNotText: 'Respondendo' });
  await expect(original).toHaveCount(0);
  await bubble(ana, `Respondendo ao antigo ${stamp}`)
    .getByRole('button', { name: /Original lá atrás/ })
    .click();
  await expect(original).toBeVisible({ timeout: 15_000 });
  await expect(original).toHaveAttribute('data-highlighted', '');
  await expect(original).not.toHaveAttribute('data-highlighted', { timeout: 5000 });
  await ana.context().close();
  await brunoPage.context().close();
});

test('mentions, silence and who read it in a group of three', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const carla = await openUnfocused(browser, baseURL!, 'carla');
  const ana = await openMember(browser, baseURL!, 'ana');
  const bruno = await openMember(browser, baseURL!, 'bruno');

  // Carla silences the group ('Silenciar' in the chat menu), then goes back to the list.
  await entryNamed(carla, 'Projeto Aurora').click();
  await chatMenu(carla).click();
  await carla.getByRole('menuitem', { name: 'Silenciar' }).click();
  await expect(carla.getByLabel('Silenciada').first()).toBeVisible();
  await carla.keyboard.press('Escape');
  await expectPath(carla, '/auth/conversations');
  await expect(entryNamed(carla, 'Projeto Aurora').getByLabel('Silenciada')).toBeVisible();

  // A plain message in the silenced group: no notification. A mention of Carla: one, and the '@' badge.
  await entryNamed(bruno, 'Projeto Aurora').click();
  await sendText(bruno, `Sem menção ${stamp}`);
  await messageBox(bruno).pressSequentially('Veja isto @car');
  const picker = bruno.getByRole('listbox', { name: 'Mencionar membro' });
  await expect(picker.getByRole('option')).toHaveText(['Carla Mendes@carla']);
  await messageBox(bruno).press('Enter');
  await expect(messageBox(bruno)).toHaveValue('Veja isto @Carla Mendes ');
  await messageBox(bruno).pressSequentially(stamp);
  await messageBox(bruno).press('Enter');
  await expect(bubble(bruno, `Veja isto @Carla Mendes ${stamp}`)).toBeVisible();
  await expect.poll(() => notifications(carla)).toEqual([{ title: 'Projeto Aurora', body: `Bruno Oliveira: Veja isto @ ${stamp}` }]);
  await expect(entryNamed(carla, 'Projeto Aurora').getByLabel('1 menções a você')).toBeVisible();
  await entryNamed(carla, 'Projeto Aurora').click();
  await expect(bubble(carla, `Veja isto @Carla Mendes ${stamp}`)).toHaveAttribute('data-mentions-me', '');
  await carla.keyboard.press('Escape');
  await expect(entryNamed(carla, 'Projeto Aurora').getByLabel(/menções a você/)).toHaveCount(0);

  // 'Lida por' fills live as members open the group; the tick turns read only when all have.
  await entryNamed(ana, 'Projeto Aurora').click();
  const question = `Quem já leu? ${stamp}`;
  await sendText(ana, question);
  await menuOf(ana, question, 'Informações');
  // A side panel beside the chat (a sheet on phones), not a dialog: the chat stays usable.
  const info = ana.getByRole('complementary', { name: 'Informações' });
  const readBy = info.getByRole('region', { name: 'Lida por' });
  // Bruno has the group open: he reads it as it arrives.
  await expect(readBy).toContainText('Bruno Oliveira');
  await expect(readBy).not.toContainText('Carla Mendes');
  await expect(tickOf(ana, question)).toHaveAttribute('data-status', 'DELIVERED');
  await entryNamed(carla, 'Projeto Aurora').click();
  await expect(readBy).toContainText('Carla Mendes');
  await expect(tickOf(ana, question)).toHaveAttribute('data-read', '');
  // Escape closes the panel first; the chat stays open.
  await ana.keyboard.press('Escape');
  await expect(info).toBeHidden();
  await expect(ana).toHaveURL(/\/group$/);
  await expect(tickOf(ana, question)).toHaveAccessibleName('Lida');
  for (const page of [ana, bruno, carla]) await page.context().close();
});

test('on a phone: a bubble swiped right is answered, a vertical swipe scrolls, a long-press opens the menu; Informações is a sheet that back closes', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const { bruno, conversation } = await brunosConversationWithAna(baseURL!);
  // Ana has the chat open at its end while the messages arrive: opened afterwards, it would start
  // at the 'Mensagens não lidas' line, 31 messages above the one to swipe.
  const ana = await openMemberOn(browser, baseURL!, 'ana', PHONE);
  await entryNamed(ana, 'Bruno Oliveira').click();
  await expect(ana.getByRole('region', { name: 'Conversa' })).toBeVisible();
  for (let i = 0; i < 30; i += 1) await sendTextApi(baseURL!, bruno.token, conversation.id, `rolagem ${i} ${stamp}`);
  const target = `Responda deslizando ${stamp}`;
  await sendTextApi(baseURL!, bruno.token, conversation.id, target);
  const row = bubble(ana, target);
  // Had earlier tests left her something unread, the view would wait above it with the button.
  // Both once showed together (a follow that landed short of the grown end counted as 'away':
  // use-new-below.ts); either is enough to go on, so the first of the two.
  const toLatest = ana.getByRole('button', { name: /novas? mensage/ });
  await expect(row.or(toLatest).first()).toBeVisible();
  if (await toLatest.isVisible()) await toLatest.click();
  await expect(row).toBeVisible();

  // A short sideways move is not a reply: the bubble springs back.
  await touchDrag(ana, row.getByText(target), { dx: 30, dy: 0 });
  await expect(ana.getByRole('button', { name: 'Cancelar resposta' })).toBeHidden();

  // Swiped far enough, the bubble follows the finger with the reply arrow; letting go replies.
  const gesture = await touchDrag(ana, row.getByText(target), { dx: 90, dy: 0 }, { release: false });
  await expect(row.locator('[data-swiping]')).toHaveCSS('transform', /matrix\(1, 0, 0, 1, 72, 0\)/);
  await gesture.lift();
  const cancelReply = ana.getByRole('button', { name: 'Cancelar resposta' });
  await expect(cancelReply).toBeVisible();
  await expect(cancelReply.locator('..')).toContainText(target);
  await expect(row.locator('[data-swiping]')).toHaveCount(0);
  await cancelReply.click();

  // A vertical swipe scrolls the history and starts no reply.
  const scroller = ana.getByTestId('message-scroller');
  const before = await scroller.evaluate((element) => element.scrollTop);
  await touchDrag(ana, row.getByText(target), { dx: 8, dy: 300 });
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeLessThan(before - 100);
  await expect(cancelReply).toBeHidden();

  // A finger at rest is still the long-press menu.
  const still = messages(ana).filter({ hasText: `rolagem 29 ${stamp}` });
  await still.scrollIntoViewIfNeeded();
  await longPress(ana, still.getByText(`rolagem 29 ${stamp}`));
  await expect(ana.getByRole('menuitem', { name: 'Responder' })).toBeVisible();
  // The sheet opens with the frequent reactions in a row: one tap reacts.
  await ana.getByRole('menuitem', { name: 'Reagir com 👍' }).click();
  await expect(bubble(ana, `rolagem 29 ${stamp}`).getByRole('button', { name: /^👍 1/ })).toHaveAttribute('aria-pressed', 'true');

  // 'Informações' of my group message: a full-screen sheet; the browser's back closes it, not the chat.
  await ana.getByRole('button', { name: 'Voltar' }).click();
  await entryNamed(ana, 'Projeto Aurora').click();
  const mine = `Quem leu no celular? ${stamp}`;
  await sendText(ana, mine);
  await longPress(ana, bubble(ana, mine).getByText(mine));
  await ana.getByRole('menuitem', { name: 'Informações' }).click();
  const sheet = ana.getByRole('complementary', { name: 'Informações' });
  await expect(sheet.getByRole('region', { name: 'Lida por' })).toBeVisible();
  await expect(sheet).toHaveCSS('position', 'fixed');
  await ana.goBack();
  await expect(sheet).toBeHidden();
  await expect(ana).toHaveURL(/\/group$/);
  await ana.context().close();
});

test('a 21st distinct emoji is not offered: the refusal shows in Portuguese and no chip is added', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { bruno, conversation } = await brunosConversationWithAna(baseURL!);
  const text = `Vinte reações ${stamp}`;
  const { id } = await sendTextApi(baseURL!, bruno.token, conversation.id, text);
  for (const emoji of [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗']) {
    await call(baseURL!, `/message/${id}/reactions`, { method: 'POST', token: bruno.token, body: { emoji } });
  }

  const ana = await openMember(browser, baseURL!, 'ana');
  await entryNamed(ana, 'Bruno Oliveira').click();
  const row = bubble(ana, text);
  const chips = row.getByRole('list', { name: 'Reações' }).getByRole('listitem');
  await expect(chips).toHaveCount(20);
  await row.hover();
  await row.getByRole('button', { name: 'Reagir' }).click();
  const thumbs = ana.getByRole('button', { name: 'Reagir com 👍' });
  await expect(thumbs).toHaveAttribute('aria-disabled', 'true');
  // Playwright waits for an aria-disabled button to be enabled; a person can still press it.
  await thumbs.click({ force: true });
  await expect(
    ana.locator('li[data-type="error"]').filter({ hasText: 'Uma mensagem pode ter no máximo 20 reações diferentes' }),
  ).toBeVisible();
  await expect(chips).toHaveCount(20);
  // One more person on an emoji already there is fine.
  await row.getByRole('button', { name: /^😀 1/ }).click();
  await expect(row.getByRole('button', { name: /^😀 2/ })).toHaveAttribute('aria-pressed', 'true');
  await ana.context().close();
});
