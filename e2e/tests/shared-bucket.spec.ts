import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { messageBox, messages, openMember, openNewModal, userRow } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { pickImage } from '../support/image-picker';
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

test('an image sent through one process is stored in the bucket and shown to a member on the other', async ({ browser }) => {
  test.setTimeout(120_000);
  const [urlA, urlB] = pair.urls;
  const ana = await openMember(browser, urlA, 'ana');
  const bruno = await openMember(browser, urlB, 'bruno');
  const puts: { url: string; headers: Record<string, string> }[] = [];
  ana.on('request', (request) => {
    if (request.method() === 'PUT') puts.push({ url: request.url(), headers: request.headers() });
  });

  const dialog = await openNewModal(ana, 'Conversa');
  await userRow(dialog, 'bruno').getByRole('button').click();
  await expect(ana).toHaveURL(/\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/);
  await expect(messageBox(ana)).toBeVisible();
  await bruno.goto(new URL(ana.url()).pathname);
  await expect(messageBox(bruno)).toBeVisible();

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
