import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { newMediaKey } from '../modules/media/media-key';
import { S3MediaStore } from '../modules/media/s3/s3-media-store';
import { TINY_IMAGES } from '../test/images';
import { startTestS3, type TestS3 } from '../test/s3-test-server';
import { copyMediaToBucket } from './media-to-bucket';

// `npm run media:to-s3`: a local media folder copied into the bucket under the same keys, with the
// headers the bucket serves them with; a second run copies nothing twice.

let s3: TestS3;
let store: S3MediaStore;
let source: string;
beforeAll(async () => {
  s3 = await startTestS3();
  store = await S3MediaStore.create(parseEnv(s3.env).s3!);
  source = mkdtempSync(path.join(os.tmpdir(), 'chat-media-'));
});
afterAll(async () => {
  store?.close();
  await s3?.close();
  rmSync(source, { recursive: true, force: true });
});

describe('copyMediaToBucket', () => {
  it('copies every stored file, skips unfinished uploads and strangers, and can run again', async () => {
    const photo = newMediaKey('avatars', 'foto.png', 'image/png');
    const report = newMediaKey('files', 'relatório.pdf', 'application/pdf');
    for (const folder of ['avatars', 'files']) mkdirSync(path.join(source, folder), { recursive: true });
    writeFileSync(path.join(source, photo.key), TINY_IMAGES['image/png']);
    writeFileSync(path.join(source, report.key), '%PDF-1.4\n');
    writeFileSync(path.join(source, 'avatars', `.${photo.file}.abc.part`), 'pela metade');
    writeFileSync(path.join(source, 'files', 'LEIA-ME.txt'), 'não é mídia');

    const copied: string[] = [];
    expect(await copyMediaToBucket(source, store, (key) => copied.push(key))).toEqual({
      copied: 2,
      present: 0,
      ignored: [`avatars/.${photo.file}.abc.part`, 'files/LEIA-ME.txt'],
    });
    expect(copied.sort()).toEqual([photo.key, report.key].sort());

    const image = await fetch(`${store.publicBaseUrl}/${photo.key}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(TINY_IMAGES['image/png']);
    expect(await store.inspect(report.key)).toMatchObject({
      contentType: 'application/octet-stream',
      contentDisposition: 'attachment; filename="relatorio.pdf"',
    });

    expect(await copyMediaToBucket(source, store)).toMatchObject({ copied: 0, present: 2 });
  });
});
