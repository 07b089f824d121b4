import type { Page } from '@playwright/test';
import { entryNamed, messageBox, messages } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { chooseImages, imagePreview } from '../support/image-picker';
import { pngImage, type Pixel } from '../support/images';
import { closeToast, longPress, openMemberOn, PHONE, touchDrag } from '../support/phone';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';

// The message box: on a phone Enter adds a line and the button sends; the box grows with what is
// typed (wrapped lines too) without hiding its first line. Images: a preview with a caption per
// image before sending, the caption live at the peer's, and the dark full-screen viewer.

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
  const small = (await box.boundingBox())!.height;
  await ana.keyboard.press('Enter');
  await ana.keyboard.type('uma segunda linha comprida que quebra sozinha');
  await expect(messages(ana).filter({ hasText: `Primeira linha ${stamp}` })).toHaveCount(0);

  // Two typed lines, the second wrapped: the box has grown, all in view.
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

  // Editing it keeps the box as wide as before: the save button is an icon, like send.
  const wide = (await box.boundingBox())!.width;
  await longPress(ana, sent.getByText(`Primeira linha ${stamp}`));
  await ana.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(ana.getByText('Editando mensagem')).toBeVisible();
  await expect(box).toHaveValue(/^Primeira linha/);
  expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(wide - 1);
  const edited = await measure();
  expect(edited.scrollTop + edited.clientHeight).toBeGreaterThanOrEqual(edited.scrollHeight - 1);
  await ana.screenshot({ path: `${SHOTS}/phone-390-edit-mode.png` });
  await ana.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ana.getByText('Editando mensagem')).toBeHidden();
});

const DESKTOP = { viewport: { width: 1440, height: 900 } };

/** A landscape photo-like picture: sky, hills and a sun, so a screenshot shows what is what. */
const landscape: Pixel = (x, y) => {
  const sun = Math.hypot(x - 230, y - 50) < 22;
  const hill = y > 130 + 30 * Math.sin(x / 40);
  if (sun) return [250, 210, 80];
  return hill ? [60, 140 - Math.round(y / 8), 70] : [120 + Math.round(y / 3), 170 + Math.round(y / 4), 230];
};

const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: pngImage(320, 200, landscape) });

/** Picks two pictures, captions them in the preview (one each, as WhatsApp does) and sends them. */
async function sendTwoWithCaptions(page: Page, first: string, second: string, shot: string): Promise<void> {
  await chooseImages(page, picture('praia.png'), picture('trilha.png'));
  const preview = imagePreview(page);
  await expect(preview).toBeVisible();
  await expect(preview.getByText('2 imagens')).toBeVisible();
  const caption = preview.getByRole('textbox', { name: 'Legenda' });
  await caption.fill(first);
  await preview.getByRole('button', { name: 'Imagem 2 de 2' }).click();
  await expect(caption).toHaveValue('');
  await caption.fill(second);
  await page.screenshot({ path: `${SHOTS}/${shot}` });
  await preview.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(preview).toBeHidden();
}

/** Opens the viewer at the picture captioned `caption` and checks it is the dark full-screen one with a download. */
async function openViewer(page: Page, caption: string, name: string) {
  await messages(page).filter({ hasText: caption }).getByRole('button', { name }).click();
  const viewer = page.getByRole('dialog', { name });
  await expect(viewer).toBeVisible();
  const size = page.viewportSize()!;
  expect(await viewer.boundingBox()).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height });
  const backdrop = await viewer.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(backdrop).toMatch(/^rgba?\((\d+), (\d+), (\d+)/);
  const [r, g, b] = backdrop.match(/\d+/g)!.map(Number);
  expect(Math.max(r!, g!, b!)).toBeLessThan(40);
  await expect(viewer.getByRole('link', { name: 'Baixar' })).toHaveAttribute('download', /\.png$/);
  await expect(viewer.getByText(caption)).toBeVisible();
  // Its name follows the picture shown.
  return page.getByRole('dialog');
}

test('images with captions: preview, live at the peer with the caption, the dark viewer with zoom and download', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const anaContext = await browser.newContext({ ...DESKTOP, baseURL });
  const ana = await anaContext.newPage();
  await signIn(ana, 'ana@demo.chat', DEMO_PASSWORD);
  await expectPath(ana, '/auth/conversations');
  const bruno = await openMemberOn(browser, baseURL!, 'bruno', PHONE);
  await openChatWithBruno(ana);
  await entryNamed(bruno, 'Ana Souza').click();
  await expect(messageBox(bruno)).toBeVisible();

  // Ana, at a computer, sends two pictures with a caption each; Bruno, on his phone, sees both live.
  const first = `Praia no fim de semana ${stamp}`;
  const second = `A trilha *começa* aqui ${stamp}`;
  await sendTwoWithCaptions(ana, first, second, 'desktop-1440-image-preview.png');
  const brunoFirst = messages(bruno).filter({ hasText: first });
  await expect(brunoFirst).toBeVisible();
  await expect(brunoFirst.getByRole('img', { name: 'Imagem enviada por Ana Souza' })).toBeVisible();
  const brunoSecond = messages(bruno).filter({ hasText: `A trilha começa aqui ${stamp}` });
  await expect(brunoSecond.locator('strong', { hasText: 'começa' })).toBeVisible();
  await closeToast(bruno, 'Ana Souza');
  await bruno.screenshot({ path: `${SHOTS}/phone-390-received-caption.png` });

  // On the phone: the viewer, its neighbours, and the back gesture closes it.
  const phoneViewer = await openViewer(bruno, first, 'Imagem enviada por Ana Souza');
  await bruno.screenshot({ path: `${SHOTS}/phone-390-viewer.png` });
  // A swipe to the left shows the next picture, the arrow the previous one.
  await touchDrag(bruno, phoneViewer.getByRole('img', { name: 'Imagem enviada por Ana Souza' }), { dx: -160, dy: 0 });
  await expect(phoneViewer).toContainText('A trilha começa aqui');
  await expect(phoneViewer).toContainText('2 de 2');
  await phoneViewer.getByRole('button', { name: 'Imagem anterior' }).click();
  await expect(phoneViewer).toContainText('1 de 2');
  await bruno.goBack();
  await expect(phoneViewer).toBeHidden();
  await expect(messageBox(bruno)).toBeVisible();

  // Bruno answers from the phone with pictures of his own; Ana sees them, and the viewer at 1440 px.
  const third = `Olha a vista daqui ${stamp}`;
  await sendTwoWithCaptions(bruno, third, `E o caminho de volta ${stamp}`, 'phone-390-image-preview.png');
  await expect(messages(ana).filter({ hasText: third })).toBeVisible();
  await expect(messages(ana).filter({ hasText: `E o caminho de volta ${stamp}` })).toBeVisible();
  await ana.screenshot({ path: `${SHOTS}/desktop-1440-received-caption.png` });
  const viewer = await openViewer(ana, third, 'Imagem enviada por Bruno Oliveira');
  await ana.screenshot({ path: `${SHOTS}/desktop-1440-viewer.png` });
  const shown = viewer.getByRole('img', { name: 'Imagem enviada por Bruno Oliveira' });
  await viewer.getByRole('button', { name: 'Aumentar zoom' }).click();
  await expect(shown).toHaveCSS('transform', /matrix\(1\.5, 0, 0, 1\.5/);
  await shown.dblclick();
  await expect(shown).toHaveCSS('transform', /matrix\(1, 0, 0, 1, 0, 0\)|none/);
  // The arrow keys page through the chat's pictures: back to Ana's.
  await ana.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('A trilha começa aqui');
  await expect(viewer).toHaveAccessibleName('Imagem enviada por Ana Souza');
  await ana.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(ana).toHaveURL(/\/conversation$/);
  await expect(messageBox(ana)).toBeVisible();
});
