import type { Browser, Page } from '@playwright/test';
import { listEntry, messageBox, messages, openMember, openNewModal, toggleDetails, userRow } from '../support/chat';
import { dropFiles, FAKE_MICROPHONE, onePagePdf } from '../support/files';
import { chooseFiles } from '../support/image-picker';
import { openMemberOn, PHONE } from '../support/phone';
import { expect, test } from '../support/fixtures';

// Files and voice notes between Ana and Bruno. A PDF dropped on the chat and a text file picked
// with the clip reach Bruno as cards he downloads (the bytes, the name, an attachment never
// rendered); a voice note recorded from Chromium's fake microphone, with a mouse and by holding on
// a phone, is received and played at 2x.

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...FAKE_MICROPHONE,
    ],
  },
});

/** Ana and Bruno in their conversation, each on their own page. */
async function openPair(browser: Browser, baseURL: string, anaPage?: Page, brunoPage?: Page) {
  const ana = anaPage ?? (await openMember(browser, baseURL, 'ana'));
  const bruno = brunoPage ?? (await openMember(browser, baseURL, 'bruno'));
  const dialog = await openNewModal(ana, 'Conversa');
  await userRow(dialog, 'bruno').getByRole('button').click();
  await expect(ana).toHaveURL(/\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/);
  await expect(messageBox(ana)).toBeAttached();
  await bruno.goto(new URL(ana.url()).pathname);
  await expect(messageBox(bruno)).toBeAttached();
  return { ana, bruno };
}

const fileCard = (page: Page, name: string) => messages(page).filter({ hasText: name }).last();

test('a PDF dropped on the chat and a file from the clip reach Bruno, who downloads them', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { ana, bruno } = await openPair(browser, baseURL!);
  const pdf = onePagePdf('Pauta da reuniao');
  await dropFiles(ana, ana.getByRole('region', { name: 'Conversa' }), [
    { name: 'Pauta da reunião.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);

  // Bruno: the card (name, size, download) and the first page drawn by pdf.js.
  const card = fileCard(bruno, 'Pauta da reunião.pdf');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(`${pdf.length} bytes`)).toBeVisible();
  await expect(card.getByRole('img', { name: 'Primeira página de Pauta da reunião.pdf' })).toBeVisible({ timeout: 20_000 });
  await expect(listEntry(bruno, 'Pauta da reunião.pdf')).toBeVisible();

  const link = card.getByRole('link', { name: 'Baixar Pauta da reunião.pdf' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${baseURL}/media/files/[0-9a-f-]{36}-pauta-da-reuniao\\.pdf$`));
  const downloading = bruno.waitForEvent('download');
  await link.click();
  const download = await downloading;
  // The name as Ana had it, accents included (RFC 6266 filename*).
  expect(download.suggestedFilename()).toBe('Pauta da reunião.pdf');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await download.path())!)).toEqual(pdf);
  const served = await bruno.request.get(href!);
  expect(served.headers()['content-type']).toBe('application/octet-stream');
  expect(served.headers()['content-disposition']).toBe(
    `attachment; filename="Pauta da reuniao.pdf"; filename*=UTF-8''Pauta%20da%20reuni%C3%A3o.pdf`,
  );
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  // An HTML page sent as a file: a card and a download, never a page of ours.
  const html = Buffer.from('<!doctype html><script>document.title="pwned"</script>');
  await chooseFiles(ana, { name: 'página.html', mimeType: 'text/html', buffer: html });
  const htmlCard = fileCard(bruno, 'página.html');
  await expect(htmlCard).toBeVisible({ timeout: 20_000 });
  const htmlHref = await htmlCard.getByRole('link', { name: 'Baixar página.html' }).getAttribute('href');
  const htmlServed = await bruno.request.get(htmlHref!);
  expect(htmlServed.headers()['content-type']).toBe('application/octet-stream');
  expect(htmlServed.headers()['content-disposition']).toBe(`attachment; filename="pagina.html"; filename*=UTF-8''p%C3%A1gina.html`);
  expect(await htmlServed.body()).toEqual(html);

  // Bruno's details panel lists both under 'Arquivos', newest first; one opens the chat at it.
  await toggleDetails(bruno);
  await bruno.getByRole('tab', { name: 'Arquivos' }).click();
  const shared = bruno.getByRole('list', { name: 'Arquivos' });
  await expect(shared.getByRole('button')).toHaveText([/^página\.html/, /^Pauta da reunião\.pdf/]);
  await shared.getByRole('button', { name: 'Ir para a mensagem: Pauta da reunião.pdf' }).click();
  await expect(bruno).toHaveURL(/\?mensagem=[0-9a-f-]{36}$/);
  await expect(card).toBeInViewport();

  // The list search finds the file by its name, without the accent.
  await bruno.getByPlaceholder('Buscar conversa').fill('reuniao');
  await expect(bruno.getByTestId('message-hit').filter({ hasText: 'Pauta da reunião.pdf' })).toBeVisible();
});

test('a voice note recorded with the mouse is received and played at 2x', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { ana, bruno } = await openPair(browser, baseURL!);
  await ana.getByRole('button', { name: 'Gravar mensagem de voz' }).click();
  await expect(ana.getByRole('status', { name: 'Gravando' })).toBeVisible();
  await expect(ana.getByTestId('voice-timer')).toHaveText('0:03', { timeout: 10_000 });
  await ana.getByRole('button', { name: 'Enviar mensagem de voz' }).click();
  await expect(ana.getByRole('status', { name: 'Gravando' })).toBeHidden();

  const arrived = messages(bruno)
    .filter({ has: bruno.getByRole('button', { name: 'Reproduzir mensagem de voz' }) })
    .last();
  await expect(arrived).toBeVisible({ timeout: 20_000 });
  // The same bubble whatever its button reads once it plays.
  const note = bruno.locator(`[data-message-id="${await arrived.getAttribute('data-message-id')}"]`);
  await expect(listEntry(bruno, /Mensagem de voz \(0:\d\d\)/)).toBeVisible();
  await note.getByRole('button', { name: 'Velocidade 1x' }).click();
  await note.getByRole('button', { name: 'Velocidade 1,5x' }).click();
  await expect(note.getByRole('button', { name: 'Velocidade 2x' })).toBeVisible();
  await note.getByRole('button', { name: 'Reproduzir mensagem de voz' }).click();
  await expect(note.getByRole('button', { name: 'Pausar mensagem de voz' })).toBeVisible();
  const audio = note.getByTestId('voice-audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(2);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.5);
  // Heard to the end: back to play, from the start.
  await expect(note.getByRole('button', { name: 'Reproduzir mensagem de voz' })).toBeVisible({ timeout: 10_000 });
});

test('on a phone, a voice note is recorded by holding the microphone', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phone = await openMemberOn(browser, baseURL!, 'ana', PHONE);
  const { ana, bruno } = await openPair(browser, baseURL!, phone);
  const mic = ana.getByRole('button', { name: 'Gravar mensagem de voz' });
  const box = (await mic.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await ana.context().newCDPSession(ana);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await expect(ana.getByText('Deslize para cancelar')).toBeVisible();
  await expect(ana.getByTestId('voice-timer')).toHaveText('0:02', { timeout: 10_000 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await expect(ana.getByRole('status', { name: 'Gravando' })).toBeHidden();
  await expect(listEntry(bruno, /Mensagem de voz \(0:\d\d\)/)).toBeVisible({ timeout: 20_000 });
});
