import type { Page } from '@playwright/test';
import { listEntry, messageBox, messages, openMember, openNewModal, userRow } from '../support/chat';
import { chooseImages, pickImage } from '../support/image-picker';
import { pngImage } from '../support/images';
import { expect, test } from '../support/fixtures';

// Image messages. Ana sends a PNG to Bruno through the image button and its preview (signed URL, PUT
// with progress, image message); Bruno sees it inline, live, and 'Imagem' in his list; a file
// over 10 MB and a text file get their alerts and nothing is sent.

const ANA_IMAGE = 'img[alt="Imagem enviada por Ana Souza"]';

/** Counts the calls the page makes to an API path. */
function countCalls(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

test('an image goes from Ana to Bruno inline and live; wrong files are refused with their alerts', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await openMember(browser, baseURL!, 'ana');
  const bruno = await openMember(browser, baseURL!, 'bruno');
  const generated = countCalls(ana, '/api/cloud/generate-public-media-url');
  const sent = countCalls(ana, '/api/message/send');
  const puts: { url: string; headers: Record<string, string> }[] = [];
  ana.on('request', (request) => {
    if (request.method() === 'PUT') puts.push({ url: request.url(), headers: request.headers() });
  });

  // Both have the demo conversation between them open.
  const dialog = await openNewModal(ana, 'Conversa');
  await userRow(dialog, 'bruno').getByRole('button').click();
  await expect(ana).toHaveURL(/\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/);
  await expect(messageBox(ana)).toBeVisible();
  await bruno.goto(new URL(ana.url()).pathname);
  await expect(messageBox(bruno)).toBeVisible();
  await expect(bruno.getByTestId('message-scroller')).toBeVisible();

  // A slow uplink (several seconds for this file) so that the PENDING bubble and its progress can
  // be seen: with a faster one a loaded CI machine can finish the upload before the poll below sees
  // any progress, and the bar is gone when it looks again.
  const cdp = await ana.context().newCDPSession(ana);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 40 * 1024,
  });
  const image = pngImage(320, 240, undefined, 48);
  await pickImage(ana, { name: 'quadro.png', mimeType: 'image/png', buffer: image });

  const pending = messages(ana)
    .filter({ has: ana.locator(ANA_IMAGE) })
    .last();
  const progress = pending.getByRole('progressbar', { name: 'Enviando imagem' });
  await expect(progress).toBeVisible();
  await expect(pending.getByRole('img', { name: 'Enviando' })).toBeVisible();
  await expect(pending.locator(ANA_IMAGE)).toHaveAttribute('src', /^blob:/);
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // Sent: the bubble now shows the server's copy, at the public URL (no query string).
  await expect(progress).toBeHidden({ timeout: 30_000 });
  const mine = messages(ana)
    .filter({ has: ana.locator(ANA_IMAGE) })
    .last();
  await expect(mine.getByRole('img', { name: /Enviada|Entregue|Lida/ })).toBeVisible();
  const src = await mine.locator(ANA_IMAGE).getAttribute('src');
  expect(src).toMatch(new RegExp(`^${baseURL}/media/avatars/[^?#]+\\.png$`));
  expect(generated()).toBe(1);
  expect(sent()).toBe(1);
  // The PUT went to the signed URL with the file's type and without the session's bearer token.
  expect(puts).toHaveLength(1);
  expect(puts[0]!.url.startsWith(`${src}?`)).toBe(true);
  expect(puts[0]!.headers['content-type']).toBe('image/png');
  expect(puts[0]!.headers.authorization).toBeUndefined();

  // Bruno sees it inline without reloading, loaded, and 'Imagem' as the list preview.
  const received = bruno.locator(ANA_IMAGE).last();
  await expect(received).toBeVisible();
  await expect(received).toHaveAttribute('src', src!);
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  const entry = listEntry(bruno, 'Ana').filter({ hasText: 'Imagem' });
  await expect(entry).toBeVisible();

  // A click opens it full size; Escape closes only the dialog, not the conversation.
  await received.click();
  const full = bruno.getByRole('dialog', { name: 'Imagem enviada por Ana Souza' });
  await expect(full).toBeVisible();
  await expect(full.locator(ANA_IMAGE)).toHaveAttribute('src', src!);
  await expect(full.getByRole('link', { name: 'Baixar' })).toHaveAttribute('download', /\.png$/);
  await bruno.keyboard.press('Escape');
  await expect(full).toBeHidden();
  await expect(bruno).toHaveURL(/\/conversation$/);

  // Refused files: their alerts, and nothing generated, uploaded or sent on either side.
  const anaImages = await ana.locator(ANA_IMAGE).count();
  const brunoImages = await bruno.locator(ANA_IMAGE).count();
  const anaRows = await messages(ana).count();
  const brunoRows = await messages(bruno).count();

  await chooseImages(ana, { name: 'enorme.png', mimeType: 'image/png', buffer: Buffer.concat([image, Buffer.alloc(11 * 1024 * 1024)]) });
  await expect(ana.getByText('Arquivo muito grande (máx 10MB)', { exact: true })).toBeVisible();
  await chooseImages(ana, { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não sou uma imagem') });
  await expect(ana.getByText('Tipo de arquivo inválido', { exact: true })).toBeVisible();

  // Give a wrongly started upload time to show up before checking that none did.
  await ana.waitForTimeout(1500);
  expect(generated()).toBe(1);
  expect(puts).toHaveLength(1);
  expect(sent()).toBe(1);
  await expect(ana.getByRole('progressbar')).toHaveCount(0);
  await expect(ana.locator(ANA_IMAGE)).toHaveCount(anaImages);
  await expect(messages(ana)).toHaveCount(anaRows);
  await expect(bruno.locator(ANA_IMAGE)).toHaveCount(brunoImages);
  await expect(messages(bruno)).toHaveCount(brunoRows);
  await expect(entry).toBeVisible();
});
