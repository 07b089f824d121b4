import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../config/env';
import { TINY_IMAGES } from '../../../test/images';
import { startTestS3, TEST_BUCKET, type TestS3 } from '../../../test/s3-test-server';
import { newMediaKey } from '../media-key';
import { S3MediaStore } from './s3-media-store';

// The bucket store against s3rver on 127.0.0.1: the MediaStore contract the local disk keeps
// (all or nothing, one object per key, null for none), the headers objects are stored with, and
// what a presigned PUT binds.

let s3: TestS3;
let store: S3MediaStore;
beforeAll(async () => {
  s3 = await startTestS3();
  store = await S3MediaStore.create(parseEnv(s3.env).s3!);
});
afterAll(async () => {
  store?.close();
  await s3?.close();
});

const PNG = TINY_IMAGES['image/png'];
const streamOf = (...chunks: Buffer[]) => Readable.from(chunks);
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('S3MediaStore', () => {
  it('reads object URLs at the bucket, as the SDK signs them (path style here)', () => {
    expect(store.publicBaseUrl).toBe(`${s3.endpoint}/${TEST_BUCKET}`);
    expect(store.origins).toEqual([s3.endpoint]);
  });

  it('stores, reads, inspects and deletes an image', async () => {
    const media = newMediaKey('avatars', 'foto.png', 'image/png');
    expect(await store.exists(media.key)).toBe(false);
    expect(await store.get(media.key)).toBeNull();
    expect(await store.put(streamOf(PNG.subarray(0, 10), PNG.subarray(10)), media.key, { maxBytes: 1024 })).toEqual({ size: PNG.length });
    expect(await store.exists(media.key)).toBe(true);
    const stored = await store.get(media.key);
    expect(stored?.size).toBe(PNG.length);
    expect(await readAll(stored!.stream)).toEqual(PNG);
    expect(await store.inspect(media.key)).toEqual({ size: PNG.length, contentType: 'image/png', contentDisposition: null });
    expect(await store.readStart(media.key, 8)).toEqual(PNG.subarray(0, 8));
    await store.delete(media.key);
    expect(await store.exists(media.key)).toBe(false);
    // A retried delete is no error.
    await store.delete(media.key);
  });

  it('stores a file that is not an image, audio or video as a download no browser renders', async () => {
    const media = newMediaKey('files', 'Página.html', 'text/html');
    await store.put(streamOf(Buffer.from('<script>alert(1)</script>')), media.key, { maxBytes: 1024 });
    const res = await fetch(`${store.publicBaseUrl}/${media.key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pagina.html"');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('leaves nothing behind when the body is over the limit, and never overwrites a key', async () => {
    const media = newMediaKey('avatars', 'grande.png', 'image/png');
    await expect(store.put(streamOf(Buffer.alloc(600), Buffer.alloc(600)), media.key, { maxBytes: 1000 })).rejects.toMatchObject({
      statusCode: 413,
    });
    expect(await store.exists(media.key)).toBe(false);
    await store.put(streamOf(PNG), media.key, { maxBytes: 1000 });
    await expect(store.put(streamOf(Buffer.from('outra')), media.key, { maxBytes: 1000 })).rejects.toMatchObject({ statusCode: 409 });
    expect(await readAll((await store.get(media.key))!.stream)).toEqual(PNG);
  });

  it('stores an empty file, and reads the start of a short one', async () => {
    const media = newMediaKey('files', 'vazio.txt', 'text/plain');
    expect(await store.put(streamOf(), media.key, { maxBytes: 10 })).toEqual({ size: 0 });
    expect((await store.inspect(media.key))?.size).toBe(0);
    const short = newMediaKey('files', 'curto.txt', 'text/plain');
    await store.put(streamOf(Buffer.from('abc')), short.key, { maxBytes: 10 });
    expect(await store.readStart(short.key, 12)).toEqual(Buffer.from('abc'));
  });

  it('presigns a PUT that binds the type, length, disposition and a conditional write', async () => {
    const media = newMediaKey('files', 'relatório.pdf', 'application/pdf');
    const upload = await store.presignUpload(media, { contentType: 'application/pdf', size: 1234 });
    const url = new URL(upload.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${store.publicBaseUrl}/${media.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual([
      'cache-control',
      'content-disposition',
      'content-length',
      'content-type',
      'host',
      'if-none-match',
    ]);
    // No checksum of an empty body travels in the URL: the browser's file would never match it.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(upload.headers).toEqual({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="relatorio.pdf"',
      'cache-control': 'public, max-age=31536000, immutable',
      'if-none-match': '*',
    });
    // Without a declared size, no length is signed (the check at first use bounds it).
    const image = newMediaKey('avatars', 'foto.png', 'image/png');
    const imageUpload = await store.presignUpload(image, { contentType: 'image/png', size: null });
    expect(new URL(imageUpload.url).searchParams.get('X-Amz-SignedHeaders')).toBe('cache-control;content-type;host;if-none-match');
    expect(imageUpload.headers['content-type']).toBe('image/png');
    const put = await fetch(imageUpload.url, { method: 'PUT', headers: imageUpload.headers, body: new Uint8Array(PNG) });
    expect(put.status).toBe(200);
    expect(await store.inspect(image.key)).toEqual({ size: PNG.length, contentType: 'image/png', contentDisposition: null });
  });
});
