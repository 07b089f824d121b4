import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../plugins/error-handler';
import { appConfig } from './app-config';
import { registerWeb } from './web';

// The build writes <file>.br and <file>.gz beside each text asset (packages/build-config/
// precompress.mjs); the server picks one from Accept-Encoding. Copies here are made with zlib
// like the build does, and each is distinguishable from an on-the-fly compression of the file.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const text = (label: string) => Buffer.from(`/* ${label} */\n${'export const mensagem = "Olá, equipe";\n'.repeat(200)}`);

const ORIGINALS = {
  html: Buffer.from(`<!doctype html><html><head><title>Papo</title></head><body>${'<p>Olá, equipe</p>'.repeat(200)}</body></html>`),
  js: text('hashed script'),
  onlyGz: text('only gzip'),
  plain: text('no copies'),
  sw: text('service worker'),
  manifest: Buffer.from(JSON.stringify({ name: 'remote_chat', pad: 'x'.repeat(4000) })),
};

type Copies = { br?: boolean; gz?: boolean };
const FILES: Record<string, [Buffer, Copies]> = {
  'shell/dist/index.html': [ORIGINALS.html, { br: true, gz: true }],
  'shell/dist/static/js/index.3f2a1b9c.js': [ORIGINALS.js, { br: true, gz: true }],
  'shell/dist/static/js/async/only-gz.1234abcd.js': [ORIGINALS.onlyGz, { gz: true }],
  'shell/dist/static/js/plain.abcdef12.js': [ORIGINALS.plain, {}],
  'shell/dist/sw.js': [ORIGINALS.sw, { br: true, gz: true }],
  'remote-chat/dist/mf-manifest.json': [ORIGINALS.manifest, { br: true, gz: true }],
  'remote-chat/dist/static/js/remote_chat.ea64b4cb.js': [ORIGINALS.js, { br: true, gz: true }],
};

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'chat-precompressed-'));
const brOf = new Map<string, Buffer>();
let app: FastifyInstance;

beforeAll(async () => {
  for (const [file, [content, copies]] of Object.entries(FILES)) {
    const full = path.join(webRoot, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
    if (copies.br) {
      const br = brotliCompressSync(content);
      brOf.set(file, br);
      writeFileSync(`${full}.br`, br);
    }
    if (copies.gz) writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
  }
  app = Fastify();
  registerErrorHandler(app);
  const config = appConfig({
    remoteUrls: { chat: null, team: null, settings: null, root: null },
    featuredWorkspaceId: null,
    productionOrigin: null,
  });
  await registerWeb(app, { webRoot, config });
});
afterAll(async () => {
  await app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...extra } });

const varies = (headers: Record<string, string | string[] | number | undefined>) =>
  String(headers.vary ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

describe('content negotiation of the built files', () => {
  const url = '/static/js/index.3f2a1b9c.js';

  it('prefers Brotli, with the original content-type, the copy length and Vary', async () => {
    const res = await get(url, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.rawPayload.equals(brOf.get('shell/dist/static/js/index.3f2a1b9c.js')!)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).equals(ORIGINALS.js)).toBe(true);
    expect(varies(res.headers)).toBe(true);
  });

  it('sends gzip to a client without Brotli, and the file itself to one without either', async () => {
    const gz = await get(url, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(ORIGINALS.js)).toBe(true);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(varies(gz.headers)).toBe(true);

    for (const accept of [undefined, '', 'identity', 'deflate']) {
      const res = await get(url, accept);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.rawPayload.equals(ORIGINALS.js), String(accept)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(ORIGINALS.js.length);
      expect(varies(res.headers), String(accept)).toBe(true);
    }
  });

  it('honours q-values: a refused or less wanted encoding is not chosen', async () => {
    expect((await get(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(url, 'br;q=0.2, gzip;q=0.8')).headers['content-encoding']).toBe('gzip');
    expect((await get(url, 'gzip;q=0.5, br')).headers['content-encoding']).toBe('br');
    expect((await get(url, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers of the copy it would send, and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brOf.get('shell/dist/static/js/index.3f2a1b9c.js')!.length);
    expect(res.rawPayload.length).toBe(0);
    expect(varies(res.headers)).toBe(true);
  });

  it('serves a range of the encoded copy, described in its own byte offsets', async () => {
    const br = brOf.get('shell/dist/static/js/index.3f2a1b9c.js')!;
    const res = await get(url, 'br', { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-range']).toBe(`bytes 0-9/${br.length}`);
    expect(res.rawPayload.equals(br.subarray(0, 10))).toBe(true);

    const plain = await get(url, 'identity', { range: 'bytes=3-7' });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(ORIGINALS.js.subarray(3, 8))).toBe(true);
  });

  it('falls back to the next encoding, then to the file, when a copy is missing', async () => {
    const onlyGz = '/static/js/async/only-gz.1234abcd.js';
    const gz = await get(onlyGz, 'br, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(ORIGINALS.onlyGz)).toBe(true);

    const brOnly = await get(onlyGz, 'br');
    expect(brOnly.statusCode).toBe(200);
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.rawPayload.equals(ORIGINALS.onlyGz)).toBe(true);

    const plain = await get('/static/js/plain.abcdef12.js', 'br, gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(ORIGINALS.plain)).toBe(true);
    expect(varies(plain.headers)).toBe(true);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('negotiates the page itself, at / and on the client routes (rendered and compressed once, at startup)', async () => {
    for (const route of ['/', '/auth/conversations']) {
      const identity = await get(route, 'identity', { accept: 'text/html' });
      expect(identity.headers['content-encoding'], route).toBeUndefined();
      expect(identity.body, route).toContain('<script type="application/json" id="app-config">');
      const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
      for (const [encoding, decode] of Object.entries(decoders)) {
        const res = await get(route, encoding === 'br' ? 'gzip;q=0.5, br' : 'gzip, deflate', { accept: 'text/html' });
        expect(res.statusCode, route).toBe(200);
        expect(res.headers['content-encoding'], route).toBe(encoding);
        expect(res.headers['content-type'], route).toMatch(/^text\/html/);
        expect(decode(res.rawPayload).toString(), route).toBe(identity.body);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(res.headers['cache-control'], route).toBe('no-cache');
        expect(varies(res.headers), route).toBe(true);
      }
    }
  });

  it('answers a revalidation of the page with 304, per encoding', async () => {
    const first = await get('/auth/conversations', 'br', { accept: 'text/html' });
    const etag = String(first.headers.etag);
    const again = await get('/auth/conversations', 'br', { accept: 'text/html', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The gzip copy is another representation: the Brotli validator does not match it.
    expect((await get('/auth/conversations', 'gzip', { accept: 'text/html', 'if-none-match': etag })).statusCode).toBe(200);
    // Another path's page (other preloads) has another validator.
    expect((await get('/', 'br', { accept: 'text/html' })).headers.etag).not.toBe(etag);
  });

  it('answers HEAD on the page with the GET headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/auth/conversations', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });
});

describe('cache headers per kind of file, whichever copy is sent', () => {
  const cases: [string, string][] = [
    ['/static/js/index.3f2a1b9c.js', IMMUTABLE],
    ['/static/js/async/only-gz.1234abcd.js', IMMUTABLE],
    ['/remotes/chat/static/js/remote_chat.ea64b4cb.js', IMMUTABLE],
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/remotes/chat/mf-manifest.json', 'no-cache'],
  ];
  for (const accept of ['br', 'gzip', 'identity']) {
    it(`with Accept-Encoding: ${accept}`, async () => {
      for (const [url, cacheControl] of cases) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], `${url} (${accept})`).toBe(cacheControl);
      }
    });
  }

  it("keeps the remote's manifest readable cross-origin and typed as JSON when compressed", async () => {
    const res = await get('/remotes/chat/mf-manifest.json', 'br', { origin: 'https://outra.exemplo.com' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(JSON.parse(ORIGINALS.manifest.toString()));
  });
});
