import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_CONTENT_TYPES, type ImageContentType, publicUrlFromUploadUrl } from '@chat/contracts';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { HTML, SVG, TINY_IMAGES } from '../../test/images';
import { mediaFiles, target, uploadUrlFor } from '../../test/media';
import { type MediaUser, usableMedia } from './media-uploads';

// POST /api/cloud/generate-public-media-url, then PUT and GET on /media/... through app.inject.
// Streaming limits and raw (un-normalised) paths are in media-http.test.ts.

let t: TestApp;
let clockOffsetMs = 0;
let token: string;
let ana: MediaUser;
beforeAll(async () => {
  t = await createTestApp({ app: { now: () => new Date(Date.now() + clockOffsetMs) } });
  const session = await signIn(t.app, 'ana');
  token = session.accessToken;
  ana = { id: session.user.id, workspaceId: session.user.workspaces[0]!.id };
});
afterAll(() => t?.close());
beforeEach(() => {
  clockOffsetMs = 0;
});

const error = (statusCode: number, err: string, message: string) => ({ statusCode, error: err, message });
const INVALID_TYPE = error(415, 'Unsupported Media Type', 'Tipo de arquivo inválido');
const URL_INVALID = error(403, 'Forbidden', 'URL de upload inválida ou expirada');
const URL_USED = error(409, 'Conflict', 'URL de upload já utilizada');

/** `authorization` '' sends no Authorization header at all. */
const generate = (payload: object, authorization = `Bearer ${token}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cloud/generate-public-media-url',
    headers: authorization ? { authorization } : {},
    payload,
  });
const put = (requestTarget: string, contentType: string | undefined, body: Buffer) =>
  t.app.inject({ method: 'PUT', url: requestTarget, headers: contentType ? { 'content-type': contentType } : {}, payload: body });

/** Runs a refused attempt and checks that the media folder is exactly as it was before. */
async function leavesNothing<T>(attempt: () => Promise<T>): Promise<T> {
  const before = mediaFiles(t.env.dataDir);
  const result = await attempt();
  expect(mediaFiles(t.env.dataDir)).toEqual(before);
  return result;
}

describe('POST /api/cloud/generate-public-media-url', () => {
  it('answers a signed URL on APP_URL, 5 minutes, with a safe name of the type’s extension', async () => {
    const res = await generate({ fileName: 'Foto da Reunião.JPEG', contentType: 'image/jpeg', folder: 'avatars' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['url']);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(t.env.appUrl);
    expect(url.pathname).toMatch(/^\/media\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-foto-da-reuniao\.jpg$/);
    expect([...url.searchParams.keys()]).toEqual(['expires', 'contentType', 'uploader', 'signature']);
    expect(url.searchParams.get('contentType')).toBe('image/jpeg');
    expect(Number(url.searchParams.get('expires')) - Date.now() / 1000).toBeCloseTo(300, -1);
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives every call its own URL', async () => {
    const a = await uploadUrlFor(t.app, token, 'image/png');
    const b = await uploadUrlFor(t.app, token, 'image/png');
    expect(a.pathname).not.toBe(b.pathname);
  });

  it.each(['', 'Bearer invalido', 'Basic YW5hOnNlbmhh'])(
    'answers 401 to anonymous callers (%j), before reading the body',
    async (authorization) => {
      const body = { fileName: 'x.svg', contentType: 'image/svg+xml', folder: 'avatars' };
      const res = await generate(body, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(error(401, 'Unauthorized', 'Sessão inválida ou expirada'));
    },
  );

  it.each(['image/svg+xml', 'text/html', 'application/octet-stream', 'image/bmp', 'IMAGE/PNG', 'image/png; charset=utf-8', ''])(
    'answers 415 for the type %j',
    async (contentType) => {
      const res = await generate({ fileName: 'desenho.svg', contentType, folder: 'avatars' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual(INVALID_TYPE);
    },
  );

  it.each([
    ['an unknown folder', { fileName: 'x.png', contentType: 'image/png', folder: '../etc' }, 'Dados inválidos: Pasta inválida'],
    ['no folder', { fileName: 'x.png', contentType: 'image/png' }, 'Dados inválidos: Pasta inválida'],
    ['an empty file name', { fileName: '  ', contentType: 'image/png', folder: 'avatars' }, 'Dados inválidos: Nome do arquivo inválido'],
    ['no content type', { fileName: 'x.png', folder: 'avatars' }, 'Dados inválidos: Tipo de arquivo inválido'],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await generate(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(400, 'Bad Request', message));
  });
});

describe('PUT then GET /media/... (round trip)', () => {
  it.each(IMAGE_CONTENT_TYPES)('stores a %s without a bearer token and serves it back with safe headers', async (type) => {
    const bytes = TINY_IMAGES[type];
    const url = await uploadUrlFor(t.app, token, type, 'imagem');
    const stored = await put(target(url), type, bytes);
    expect(stored.statusCode).toBe(200);
    const publicUrl = publicUrlFromUploadUrl(url.toString());
    expect(stored.json()).toEqual({ url: publicUrl });
    expect(readFileSync(path.join(t.env.dataDir, url.pathname))).toEqual(bytes);

    const res = await t.app.inject({ method: 'GET', url: new URL(publicUrl).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(bytes);
    expect(res.headers).toMatchObject({
      'content-type': type,
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
    });
  });

  it('answers HEAD with the headers alone, and 404 for a file that is not there', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/gif');
    const missing = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(error(404, 'Not Found', 'Arquivo não encontrado'));
    expect((await t.app.inject({ method: 'GET', url: '/media/avatars/nada.png' })).statusCode).toBe(404);

    await put(target(url), 'image/gif', TINY_IMAGES['image/gif']);
    const head = await t.app.inject({ method: 'HEAD', url: url.pathname });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/gif');
    expect(head.body).toBe('');
  });
});

describe('usableMedia on the app', () => {
  it('is the key of the public URL once uploaded; never for the upload URL or before the upload', async () => {
    const access = { db: t.app.ctx.db, env: t.env, store: t.app.ctx.mediaStore };
    const url = await uploadUrlFor(t.app, token, 'image/png');
    const publicUrl = publicUrlFromUploadUrl(url.toString());
    expect(await usableMedia(access, publicUrl, ana)).toBeNull();
    await put(target(url), 'image/png', TINY_IMAGES['image/png']);
    expect((await usableMedia(access, publicUrl, ana))?.key).toBe(url.pathname.slice('/media/'.length));
    expect(await usableMedia(access, url.toString(), ana)).toBeNull();
  });
});

describe('PUT /media/... refusals (nothing left on disk)', () => {
  const refused = async (type: ImageContentType, contentType: string | undefined, body: Buffer) => {
    const url = await uploadUrlFor(t.app, token, type);
    return leavesNothing(() => put(target(url), contentType, body));
  };

  it.each([
    ['SVG declared as SVG on a PNG URL', 'image/png', 'image/svg+xml', SVG],
    ['SVG declared as PNG', 'image/png', 'image/png', SVG],
    ['HTML renamed to .png', 'image/png', 'image/png', HTML],
    ['a PNG declared as JPEG', 'image/jpeg', 'image/jpeg', TINY_IMAGES['image/png']],
    ['a JPEG sent as PNG on a JPEG URL', 'image/jpeg', 'image/png', TINY_IMAGES['image/jpeg']],
    ['a GIF on a WebP URL', 'image/webp', 'image/webp', TINY_IMAGES['image/gif']],
    ['an empty body', 'image/png', 'image/png', Buffer.alloc(0)],
    ['half a PNG signature', 'image/png', 'image/png', TINY_IMAGES['image/png'].subarray(0, 5)],
    ['no content type', 'image/png', undefined, TINY_IMAGES['image/png']],
  ] as const)('answers 415 for %s', async (_label, signedType, contentType, body) => {
    const res = await refused(signedType, contentType, body);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(INVALID_TYPE);
  });

  it('answers 403 for an expired URL (5 minutes), and accepts one just before', async () => {
    const late = await uploadUrlFor(t.app, token, 'image/png');
    const inTime = await uploadUrlFor(t.app, token, 'image/png');
    clockOffsetMs = 5 * 60_000 + 1500;
    const res = await leavesNothing(() => put(target(late), 'image/png', TINY_IMAGES['image/png']));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(URL_INVALID);

    clockOffsetMs = 5 * 60_000 - 2000;
    expect((await put(target(inTime), 'image/png', TINY_IMAGES['image/png'])).statusCode).toBe(200);
  });

  it.each<[string, (url: URL) => void]>([
    ['a changed signature', (u) => u.searchParams.set('signature', flip(u.searchParams.get('signature')!))],
    ['a later expiry', (u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))],
    ['another content type', (u) => u.searchParams.set('contentType', 'image/gif')],
    ['no signature', (u) => u.searchParams.delete('signature')],
    ['no query at all', (u) => (u.search = '')],
    ['another file name', (u) => (u.pathname = u.pathname.replace(/[0-9a-f]-foto/, (m) => `${m[0] === '0' ? '1' : '0'}-foto`))],
  ])('answers 403 for %s', async (_label, tamper) => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    tamper(url);
    const res = await leavesNothing(() => put(target(url), 'image/png', TINY_IMAGES['image/png']));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(URL_INVALID);
  });

  it('answers 409 to a second PUT on the same URL and keeps the first file', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    expect((await put(target(url), 'image/png', TINY_IMAGES['image/png'])).statusCode).toBe(200);
    const other = Buffer.concat([TINY_IMAGES['image/png'], Buffer.from('outro')]);
    const res = await leavesNothing(() => put(target(url), 'image/png', other));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(URL_USED);
    expect(readFileSync(path.join(t.env.dataDir, url.pathname))).toEqual(TINY_IMAGES['image/png']);
  });

  it('lets a refused upload be retried with the same URL (nothing was stored)', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/webp');
    expect((await put(target(url), 'image/webp', HTML)).statusCode).toBe(415);
    expect((await put(target(url), 'image/webp', TINY_IMAGES['image/webp'])).statusCode).toBe(200);
  });
});

/** The same string with its first character changed to another of the alphabet. */
function flip(signature: string): string {
  return (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
}
