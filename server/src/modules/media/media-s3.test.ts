import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type GeneratePublicMediaUrlResponse, type Message, publicUrlFromUploadUrl } from '@chat/contracts';
import { mediaUploads } from '../../db/schema';
import { as, createTeam, expectStatus, newClientId, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { HTML, SVG, TINY_IMAGES } from '../../test/images';
import { startTestS3, type TestS3 } from '../../test/s3-test-server';
import { IMAGE_NOT_FROM_MEDIA_STORE } from '../messages/message-content';
import { AVATAR_NOT_FROM_MEDIA_STORE } from '../profile/profile.service';
import { contentSecurityPolicy } from '../web/content-security-policy';
import { isDirectUploadStore } from './media-store';
import { PENDING_UPLOAD_TTL_MS, sweepPendingUploads } from './pending-upload-sweeper';
import { S3MediaStore } from './s3/s3-media-store';
import { parseEnv } from '../../config/env';

// SPEC's upload flow with the media in an S3-compatible bucket (s3rver on 127.0.0.1): the server
// signs a PUT of the bucket, the browser sends the file there, and the first message that uses it
// has the server check what arrived. s3rver verifies no signature: every refusal below is the
// server's own check, which real stores only back up.

const MB = 1024 * 1024;
const PNG = TINY_IMAGES['image/png'];

let s3: TestS3;
let t: TestApp;
let ana: TestUser, bruno: TestUser;
let conversation: Conversation;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ seedDemo: false, env: { ...s3.env, MAX_FILE_MB: '1' } });
  [ana, bruno] = await createTeam(t.app, ['Ana Balde', 'Bruno Balde']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

type Folder = 'avatars' | 'files';

const signed = async (who: TestUser, fileName: string, contentType: string, folder: Folder = 'avatars', size?: number) =>
  expectStatus<GeneratePublicMediaUrlResponse>(
    await as(t.app, who).post('/cloud/generate-public-media-url', {
      fileName,
      contentType,
      folder,
      ...(size === undefined ? {} : { size }),
    }),
    200,
  );

/** The browser's PUT: the signed headers as the server gave them, unless `headers` says otherwise. */
const put = (upload: GeneratePublicMediaUrlResponse, body: Buffer, headers: Record<string, string> = {}) =>
  fetch(upload.url, { method: 'PUT', headers: { ...upload.headers, ...headers }, body: new Uint8Array(body) });

const send = (who: TestUser, content: object) =>
  as(t.app, who).post('/message/send', { conversationId: conversation.id, isGroup: false, content, clientId: newClientId() });

const sendImage = (url: string) => send(ana, { type: 'image', body: url });
const sendFile = (url: string, fileName: string) =>
  send(ana, { type: 'file', body: url, fileName, size: 1, mimeType: 'application/octet-stream' });
const uploadRow = async (url: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.key, new URL(url).pathname.split('/').slice(2).join('/')))
  )[0];
const objectStatus = async (url: string) => (await fetch(url, { method: 'HEAD' })).status;

describe('uploads straight to the bucket', () => {
  it('signs a PUT of the bucket; the message carries the object URL, checked once at its first use', async () => {
    const upload = await signed(ana, 'Foto da Equipe.png', 'image/png', 'avatars', PNG.length);
    expect(upload.url.startsWith(`${s3.endpoint}/papo-teste/avatars/`)).toBe(true);
    expect(upload.publicUrl).toBe(publicUrlFromUploadUrl(upload.url));
    expect(upload.headers).toMatchObject({ 'content-type': 'image/png', 'if-none-match': '*' });
    const url = upload.publicUrl!;
    expect(await uploadRow(url)).toMatchObject({ pending: true, sizeBytes: PNG.length, contentType: 'image/png' });

    expect((await put(upload, PNG)).status).toBe(200);
    const message = expectStatus<Message>(await sendImage(url), 200);
    expect(message.content).toMatchObject({ type: 'image', body: url });
    expect(await uploadRow(url)).toMatchObject({ pending: false, sizeBytes: PNG.length });

    // Read by the browser from the bucket, as an image that is cached for good.
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
    // The same file in a second message: already checked.
    expectStatus(await sendImage(url), 200);
  });

  it('refuses a file that has not arrived, and keeps its URL for when it does', async () => {
    const upload = await signed(ana, 'depois.png', 'image/png');
    expect((await sendImage(upload.publicUrl!)).json().message).toBe(IMAGE_NOT_FROM_MEDIA_STORE);
    expect((await put(upload, PNG)).status).toBe(200);
    expectStatus(await sendImage(upload.publicUrl!), 200);
  });

  it('refuses and removes an object stored with another type than the signed one', async () => {
    const upload = await signed(ana, 'foto.png', 'image/png');
    expect((await put(upload, PNG, { 'content-type': 'text/html' })).status).toBe(200);
    expect((await sendImage(upload.publicUrl!)).json().message).toBe(IMAGE_NOT_FROM_MEDIA_STORE);
    expect(await objectStatus(upload.publicUrl!)).toBe(404);
    expect(await uploadRow(upload.publicUrl!)).toBeUndefined();
  });

  it('refuses a body of another length than the declared one, or over the limit when none was declared', async () => {
    const declared = await signed(ana, 'foto.png', 'image/png', 'avatars', PNG.length);
    expect((await put(declared, Buffer.concat([PNG, Buffer.from('mais')]))).status).toBe(200);
    expect((await sendImage(declared.publicUrl!)).statusCode).toBe(400);
    expect(await objectStatus(declared.publicUrl!)).toBe(404);

    const undeclared = await signed(ana, 'grande.zip', 'application/zip', 'files');
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(MB)]);
    expect((await put(undeclared, zip)).status).toBe(200);
    const res = await sendFile(undeclared.publicUrl!, 'grande.zip');
    expect(res.statusCode).toBe(400);
    expect(await objectStatus(undeclared.publicUrl!)).toBe(404);
  });

  it('refuses content that does not start with the signature of its type (HTML or SVG as a PNG)', async () => {
    for (const body of [HTML, SVG]) {
      const upload = await signed(ana, 'foto.png', 'image/png', 'avatars', body.length);
      expect((await put(upload, body)).status).toBe(200);
      expect((await sendImage(upload.publicUrl!)).json().message).toBe(IMAGE_NOT_FROM_MEDIA_STORE);
      expect(await objectStatus(upload.publicUrl!)).toBe(404);
    }
    // A photo is never an SVG: refused before any URL is signed.
    const svg = await as(t.app, ana).post('/cloud/generate-public-media-url', {
      fileName: 'a.svg',
      contentType: 'image/svg+xml',
      folder: 'avatars',
    });
    expect(svg.statusCode).toBe(415);
  });

  it('stores a file that is not an image, audio or video as a download of a type no browser renders', async () => {
    const upload = await signed(ana, 'desenho.svg', 'image/svg+xml', 'files', SVG.length);
    expect(upload.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="desenho.svg"',
    });
    expect((await put(upload, SVG)).status).toBe(200);
    const message = expectStatus<Message>(await sendFile(upload.publicUrl!, 'desenho.svg'), 200);
    expect(message.content).toMatchObject({ type: 'file', mimeType: 'image/svg+xml', size: SVG.length });
    const read = await fetch(upload.publicUrl!);
    expect(read.headers.get('content-type')).toBe('application/octet-stream');
    expect(read.headers.get('content-disposition')).toBe('attachment; filename="desenho.svg"');
    // Sent without the disposition (a store that let it through): refused at first use.
    const bare = await signed(ana, 'pagina.html', 'text/html', 'files', HTML.length);
    expect((await put(bare, HTML, { 'content-disposition': 'inline' })).status).toBe(200);
    expect((await sendFile(bare.publicUrl!, 'pagina.html')).statusCode).toBe(400);
    expect(await objectStatus(bare.publicUrl!)).toBe(404);
  });

  it('takes a checked upload as a profile photo too', async () => {
    const upload = await signed(bruno, 'eu.png', 'image/png', 'avatars', PNG.length);
    expect((await put(upload, PNG)).status).toBe(200);
    const updated = expectStatus<{ avatarUrl: string }>(await as(t.app, bruno).patch('/user/update', { avatarUrl: upload.publicUrl }), 200);
    expect(updated.avatarUrl).toBe(upload.publicUrl);
    expect(await uploadRow(upload.publicUrl!)).toMatchObject({ pending: false });
    // Another workspace's member cannot take it, checked or not.
    const [stranger] = await createTeam(t.app, ['Estranho Balde']);
    const other = await as(t.app, stranger).patch('/user/update', { avatarUrl: upload.publicUrl });
    expect(other.json()).toMatchObject({ statusCode: 400, message: AVATAR_NOT_FROM_MEDIA_STORE });
  });

  it('removes the object when the message is deleted for everyone', async () => {
    const upload = await signed(ana, 'apagar.png', 'image/png', 'avatars', PNG.length);
    expect((await put(upload, PNG)).status).toBe(200);
    const message = expectStatus<Message>(await sendImage(upload.publicUrl!), 200);
    expect(await objectStatus(upload.publicUrl!)).toBe(200);
    expectStatus(await as(t.app, ana).delete(`/message/${message.id}`), 200);
    expect(await objectStatus(upload.publicUrl!)).toBe(404);
    expect(await uploadRow(upload.publicUrl!)).toBeUndefined();
  });

  it('serves a bucket object at its old /media URL too (files moved from the local disk)', async () => {
    const upload = await signed(ana, 'antiga.png', 'image/png', 'avatars', PNG.length);
    expect((await put(upload, PNG)).status).toBe(200);
    const key = new URL(upload.publicUrl!).pathname.split('/').slice(2).join('/');
    const res = await t.app.inject({ method: 'GET', url: `/media/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(PNG);
    expectStatus(await sendImage(`${t.env.appUrl}/media/${key}`), 200);
  });

  it('removes uploads never used after a day, with their share of the quota', async () => {
    const upload = await signed(ana, 'esquecida.png', 'image/png', 'avatars', PNG.length);
    expect((await put(upload, PNG)).status).toBe(200);
    const store = t.app.ctx.mediaStore;
    if (!isDirectUploadStore(store)) throw new Error('o teste precisa do balde');
    expect(await sweepPendingUploads(t.app.ctx.db, store, new Date())).toBe(0);
    expect(await sweepPendingUploads(t.app.ctx.db, store, new Date(Date.now() + PENDING_UPLOAD_TTL_MS + 60_000))).toBeGreaterThan(0);
    expect(await objectStatus(upload.publicUrl!)).toBe(404);
    expect(await uploadRow(upload.publicUrl!)).toBeUndefined();
  });
});

describe('the page policy with a bucket', () => {
  it('lets the page upload to the bucket and read from it (its origin from S3_ENDPOINT)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(policy).toMatch(new RegExp(`${directive} [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`));
    }
  });

  it('adds the public URL (a CDN) where files are read, and messages carry that URL', async () => {
    const env = parseEnv({ ...s3.env, S3_PUBLIC_URL: 'https://midia.exemplo.com.br/papo/' });
    const store = await S3MediaStore.create(env.s3!);
    try {
      expect(store.publicBaseUrl).toBe('https://midia.exemplo.com.br/papo');
      const policy = contentSecurityPolicy(env, store.origins);
      expect(policy['img-src']).toEqual(expect.arrayContaining([s3.endpoint, 'https://midia.exemplo.com.br']));
      expect(policy['connect-src']).toContain(s3.endpoint);
    } finally {
      store.close();
    }
  });
});
