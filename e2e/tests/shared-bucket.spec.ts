import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Download, Page } from '@playwright/test';
import { messageBox, messages, openMember, openNewModal, userRow } from '../support/chat';
import { onePagePdf } from '../support/files';
import { expect, test } from '../support/fixtures';
import { chooseFiles, pickImage } from '../support/image-picker';
import { pngImage } from '../support/images';
import { BUCKET, type ServerPair, sharedServices, startServerPair } from '../support/shared-bucket';

// Media in an S3-compatible bucket, across processes: Ana, on one server process, sends an image;
// her browser PUTs it straight to the bucket with the presigned URL; Bruno, on another process of
// the same deployment (PostgreSQL, Redis, bucket; no disk in common), sees it live, read from the
// bucket. The page policy of both lets the bucket in (policyGuard fails the test otherwise).

const services = sharedServices();
test.skip(!services, 'precisa de PostgreSQL e Redis: E2E_DATABASE_URL e E2E_REDIS_URL (ou DATABASE_URL e REDIS_URL)');

const ANA_IMAGE = 'img[alt="Imagem enviada por Ana Souza"]';

let pair: ServerPair;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  pair = await startServerPair(services!);
});
test.afterAll(async () => {
  await pair?.close();
});

/** Ana on the first process and Bruno on the second, in their conversation. */
async function openPair(browser: Browser): Promise<{ ana: Page; bruno: Page }> {
  const [urlA, urlB] = pair.urls;
  const ana = await openMember(browser, urlA, 'ana');
  const bruno = await openMember(browser, urlB, 'bruno');
  const dialog = await openNewModal(ana, 'Conversa');
  await userRow(dialog, 'bruno').getByRole('button').click();
  await expect(ana).toHaveURL(/\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/);
  await expect(messageBox(ana)).toBeVisible();
  await bruno.goto(new URL(ana.url()).pathname);
  await expect(messageBox(bruno)).toBeVisible();
  return { ana, bruno };
}

test('an image sent through one process is stored in the bucket and shown to a member on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ana, bruno } = await openPair(browser);
  const puts: { url: string; headers: Record<string, string> }[] = [];
  ana.on('request', (request) => {
    if (request.method() === 'PUT') puts.push({ url: request.url(), headers: request.headers() });
  });

  const image = pngImage(320, 240);
  await pickImage(ana, { name: 'quadro.png', mimeType: 'image/png', buffer: image });

  // Sent: the message carries the object's URL in the bucket, without the signature's query.
  const mine = messages(ana)
    .filter({ has: ana.locator(ANA_IMAGE) })
    .last();
  await expect(mine.getByRole('img', { name: /Enviada|Entregue|Lida/ })).toBeVisible({ timeout: 30_000 });
  const src = (await mine.locator(ANA_IMAGE).getAttribute('src'))!;
  expect(src).toMatch(new RegExp(`^${pair.endpoint}/${BUCKET}/avatars/[0-9a-f-]{36}-quadro\\.png$`));

  // The browser's one PUT went to the bucket, with the signed headers and no session token.
  expect(puts).toHaveLength(1);
  expect(puts[0]!.url.startsWith(`${src}?`)).toBe(true);
  expect(new URL(puts[0]!.url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
  expect(puts[0]!.headers).toMatchObject({ 'content-type': 'image/png', 'if-none-match': '*' });
  expect(puts[0]!.headers.authorization).toBeUndefined();

  // Stored in the bucket, byte for byte, as an image; on neither process's disk.
  const stored = await fetch(src);
  expect(stored.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await stored.arrayBuffer()).equals(image)).toBe(true);
  for (const name of ['a', 'b']) expect(existsSync(join(pair.bucketDir, '..', '..', name, 'media'))).toBe(false);

  // Bruno, on the other process, sees it live, loaded from the bucket.
  const received = bruno.locator(ANA_IMAGE).last();
  await expect(received).toBeVisible();
  await expect(received).toHaveAttribute('src', src);
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
});

test('a PDF and an HTML page sent as files are read from the bucket and downloaded, never rendered', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ana, bruno } = await openPair(browser);
  const pdf = onePagePdf('Pauta no balde');
  const html = Buffer.from('<!doctype html><script>document.title="pwned"</script>');
  await chooseFiles(ana, { name: 'Pauta.pdf', mimeType: 'application/pdf', buffer: pdf });
  await chooseFiles(ana, { name: 'página.html', mimeType: 'text/html', buffer: html });

  // Bruno, on the other process: the PDF's first page drawn by pdf.js from the bucket (CORS, CSP).
  const card = messages(bruno).filter({ hasText: 'Pauta.pdf' }).last();
  await expect(card.getByRole('img', { name: 'Primeira página de Pauta.pdf' })).toBeVisible({ timeout: 30_000 });
  const link = card.getByRole('link', { name: 'Baixar Pauta.pdf' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^${pair.endpoint}/${BUCKET}/files/[0-9a-f-]{36}-pauta\\.pdf$`));

  // The bucket serves it as a download: the click saves the file, the chat stays where it was.
  const chat = bruno.url();
  const download = await new Promise<Download>((resolve) => {
    bruno.once('download', resolve);
    bruno.context().once('page', (tab) => tab.once('download', resolve));
    void link.click();
  });
  expect(download.suggestedFilename()).toBe('pauta.pdf');
  expect(await readFile((await download.path())!)).toEqual(pdf);
  expect(bruno.url()).toBe(chat);

  const htmlCard = messages(bruno).filter({ hasText: 'página.html' }).last();
  await expect(htmlCard).toBeVisible({ timeout: 20_000 });
  const htmlHref = (await htmlCard.getByRole('link', { name: 'Baixar página.html' }).getAttribute('href'))!;
  const served = await fetch(htmlHref);
  expect(served.headers.get('content-type')).toBe('application/octet-stream');
  expect(served.headers.get('content-disposition')).toBe('attachment; filename="pagina.html"');
  expect(Buffer.from(await served.arrayBuffer()).equals(html)).toBe(true);
});
