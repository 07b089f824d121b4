import type { Page } from '@playwright/test';
import { entryNamed, messageBox, messages } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { openMemberOn, PHONE } from '../support/phone';

// The message box: on a phone Enter adds a line and the button sends; the box grows with what is
// typed (wrapped lines too) without hiding its first line.

const SHOTS = '/work/shots/composer';

async function openChatWithBruno(page: Page): Promise<void> {
  await entryNamed(page, 'Bruno Oliveira').click();
  await expect(messageBox(page)).toBeVisible();
}

test('phone: Enter adds a line, the send button sends, the box grows without cutting a line', async ({ browser, baseURL }) => {
  const ana = await openMemberOn(browser, baseURL!, 'ana', PHONE);
  await openChatWithBruno(ana);
  const box = messageBox(ana);
  const stamp = Date.now().toString(36);

  const measure = () =>
    box.evaluate((element: HTMLTextAreaElement) => ({
      scrollTop: element.scrollTop,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
  await box.click();
  await ana.keyboard.type(`Primeira linha ${stamp}`);
  await ana.keyboard.press('Enter');
  await ana.keyboard.type('uma segunda linha comprida que quebra sozinha');
  await expect(messages(ana).filter({ hasText: `Primeira linha ${stamp}` })).toHaveCount(0);

  // Two typed lines, one wrapped in two: the box has grown to three, all in view.
  const small = (await box.boundingBox())!.height;
  const fit = await measure();
  expect(fit.scrollTop).toBe(0);
  expect(fit.scrollHeight).toBeLessThanOrEqual(fit.clientHeight + 1);
  await ana.screenshot({ path: `${SHOTS}/phone-390-multiline-box.png` });

  // Past four lines it stops growing and scrolls, keeping the line being typed in view.
  await ana.keyboard.press('Enter');
  await ana.keyboard.type('terceira');
  await ana.keyboard.press('Enter');
  await ana.keyboard.type('quarta');
  const full = await measure();
  expect(full.scrollHeight).toBeGreaterThan(full.clientHeight);
  expect(full.scrollTop + full.clientHeight).toBeGreaterThanOrEqual(full.scrollHeight - 1);
  expect((await box.boundingBox())!.height).toBeGreaterThan(small);
  await expect(box).toHaveValue(`Primeira linha ${stamp}\numa segunda linha comprida que quebra sozinha\nterceira\nquarta`);

  await ana.getByRole('button', { name: 'Enviar mensagem' }).click();
  const sent = messages(ana).filter({ hasText: `Primeira linha ${stamp}` });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('quarta');
  await expect(box).toHaveValue('');
  // The keyboard stays up: the focus is still in the box.
  await expect(box).toBeFocused();
});
