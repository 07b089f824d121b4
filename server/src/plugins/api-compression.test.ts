import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { TINY_IMAGES } from '../test/images';
import { rawRequest, target, uploadUrlFor } from '../test/media';
import { API_COMPRESSION_THRESHOLD_BYTES } from './api-compression';

// JSON answers of the API are compressed above a threshold, on the real app and database; what
// is not JSON API (media, the socket's path) is never touched, and the security headers stay.

let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${(await signIn(t.app, 'ana')).accessToken}` };
});
afterAll(async () => {
  await t?.close();
});

/** Large: every member of the demo workspace; small: the signed-in user. */
const LARGE = '/api/conversation/get-conversations?showEmpty=true';
const SMALL = '/api/auth/me';

const get = (url: string, acceptEncoding: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...auth, 'accept-encoding': acceptEncoding } });

describe('JSON API compression', () => {
  it('compresses an answer above the threshold with br, or gzip without br, decoding to the same JSON', async () => {
    const plain = await get(LARGE, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);

    const br = await get(LARGE, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(LARGE, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    expect((await get(LARGE, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('leaves answers below the threshold as they are', async () => {
    const res = await get(SMALL, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ nickName: 'ana' });
  });

  it('keeps the security headers on a compressed answer', async () => {
    const res = await get(LARGE, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('never re-encodes media, whatever the client accepts', async () => {
    const url = await uploadUrlFor(t.app, auth.authorization.slice('Bearer '.length), 'image/png');
    const put = await t.app.inject({
      method: 'PUT',
      url: target(url),
      headers: { 'content-type': 'image/png' },
      payload: TINY_IMAGES['image/png'],
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: url.pathname, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(TINY_IMAGES['image/png'])).toBe(true);
  });

  it("never touches the socket's path, which socket.io answers before Fastify", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await rawRequest(port, 'GET', '/socket.io/?EIO=4&transport=polling', { 'accept-encoding': 'br, gzip' });
    // Websocket only: the polling request is refused by engine.io, uncompressed.
    expect(res.status).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
