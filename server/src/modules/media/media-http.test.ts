import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@chat/contracts';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { pngOfSize, TINY_IMAGES } from '../../test/images';
import { mediaFiles, rawRequest, type RawResponse, target, uploadUrlFor } from '../../test/media';

// Over a real connection: bodies streamed in pieces (the 10 MB limit is counted as they arrive,
// not after buffering) and request targets sent byte for byte ("..", "%2e%2e", backslashes),
// which app.inject would normalise away. A built shell is present, so the SPA fallback is live too.

const MB = 1024 * 1024;
/** Short, but long enough for a 10 MB body over loopback on a busy machine. */
const UPLOAD_TIMEOUT_MS = 4000;
let t: TestApp;
let port: number;
let token: string;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(os.tmpdir(), 'chat-media-web-'));
  mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>SHELL</title>');
  t = await createTestApp({ env: { WEB_ROOT: webRoot }, app: { mediaUploadTimeoutMs: UPLOAD_TIMEOUT_MS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  token = (await signIn(t.app, 'bruno')).accessToken;
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

interface StreamingPut {
  /** Settles with the server's answer, even if it comes while the body is still being sent. */
  response: Promise<RawResponse & { sentBeforeResponse: number }>;
  /** Sends body bytes (a PNG signature, then filler) until `upTo` in total, or until the server answers. */
  send(upTo: number): Promise<void>;
  abort(): void;
}

function streamingPut(requestTarget: string, headers: Record<string, string>): StreamingPut {
  const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: requestTarget, headers, agent: false });
  let sent = 0;
  let answered = false;
  const response = new Promise<RawResponse & { sentBeforeResponse: number }>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const sentBeforeResponse = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sentBeforeResponse }));
    });
    // Writing into a connection the server closed fails; only an error before any answer counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  const piece = Buffer.alloc(64 * 1024, 0x61);
  /** Until the socket takes more, closes, or the server answers (listeners removed each time). */
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        req.off('drain', done);
        req.off('close', done);
        resolve();
      };
      req.on('drain', done);
      req.on('close', done);
      response.then(done, done);
    });
  return {
    response,
    async send(upTo) {
      while (sent < upTo && !answered && !req.destroyed) {
        const chunk = sent === 0 ? pngOfSize(piece.length) : piece.subarray(0, Math.min(piece.length, upTo - sent));
        sent += chunk.length;
        if (!req.write(chunk)) await writable();
      }
    },
    abort: () => req.destroy(),
  };
}

/** Rejects when the server has not answered in time: it must not wait for the rest of the body. */
function answeredWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`sem resposta em ${ms} ms: o servidor esperou o corpo inteiro`)), ms)),
  ]);
}

describe('the 10 MB limit, counted while streaming', () => {
  it('cuts off an 11 MB chunked body with 413 once past 10 MB, before the client has sent it all, leaving no file', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    const upload = streamingPut(target(url), { 'content-type': 'image/png' });
    // 10.5 MB, then the client waits: a server that buffered the whole body would never answer.
    await upload.send(10.5 * MB);
    const res = await answeredWithin(upload.response, 10_000);
    upload.abort();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Arquivo muito grande (máx 10MB)' });
    expect(res.headers.connection).toBe('close');
    expect(res.sentBeforeResponse).toBeGreaterThan(LIMITS.imageMaxBytes);
    expect(res.sentBeforeResponse).toBeLessThan(11 * MB);
    expect(mediaFiles(t.env.dataDir)).toEqual([]);
  });

  it('refuses a declared Content-Length over 10 MB at once, without reading the body', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    const upload = streamingPut(target(url), { 'content-type': 'image/png', 'content-length': String(11 * MB) });
    await upload.send(64 * 1024);
    const res = await answeredWithin(upload.response, 5_000);
    upload.abort();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('Arquivo muito grande (máx 10MB)');
    expect(mediaFiles(t.env.dataDir)).toEqual([]);
  });

  it('accepts exactly 10 MB', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    const body = pngOfSize(LIMITS.imageMaxBytes);
    const res = await rawRequest(port, 'PUT', target(url), { 'content-type': 'image/png' }, body);
    expect(res.status).toBe(200);
    const get = await rawRequest(port, 'GET', url.pathname);
    expect(get.headers['content-length']).toBe(String(LIMITS.imageMaxBytes));
    rmSync(path.join(t.env.dataDir, url.pathname));
  });

  it('removes the partial file when the client goes away mid-upload; the URL stays usable', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    const upload = streamingPut(target(url), { 'content-type': 'image/png' });
    upload.response.catch(() => undefined);
    await upload.send(2 * MB);
    await expect.poll(() => mediaFiles(t.env.dataDir).length).toBe(1); // the temporary dot-file
    upload.abort();
    await expect.poll(() => mediaFiles(t.env.dataDir)).toEqual([]);
    const retry = await rawRequest(port, 'PUT', target(url), { 'content-type': 'image/png' }, TINY_IMAGES['image/png']);
    expect(retry.status).toBe(200);
    rmSync(path.join(t.env.dataDir, url.pathname));
  });
});

describe('the upload deadline', () => {
  it('answers 408 to a body that stops arriving, and removes the partial file', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    const upload = streamingPut(target(url), { 'content-type': 'image/png' });
    await upload.send(64 * 1024);
    const res = await answeredWithin(upload.response, UPLOAD_TIMEOUT_MS + 4000);
    upload.abort();
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 408, error: 'Request Timeout', message: 'Tempo de upload esgotado' });
    expect(res.headers.connection).toBe('close');
    expect(mediaFiles(t.env.dataDir)).toEqual([]);
  });
});

describe('path traversal', () => {
  const TRAVERSALS = [
    '/media/../jwt-secret',
    '/media/avatars/../../jwt-secret',
    '/media/avatars/../../media/../jwt-secret.png',
    '/media/%2e%2e/jwt-secret',
    '/media/avatars/%2e%2e/%2e%2e/jwt-secret',
    '/media/avatars/%2E%2E%2F%2E%2E%2Fjwt-secret',
    '/media/avatars/..%2f..%2fjwt-secret',
    '/media/avatars/..\\..\\jwt-secret',
    '/media/avatars\\..\\..\\jwt-secret',
    '/media//etc/passwd',
    '/media/%2fetc%2fpasswd',
    '/media/avatars/%00.png',
  ];

  it.each(TRAVERSALS)('PUT %s (even with a valid signed query) is 400 and writes nothing anywhere', async (raw) => {
    const signed = await uploadUrlFor(t.app, token, 'image/png');
    const before = readdirSync(t.env.dataDir).sort();
    const res = await rawRequest(port, 'PUT', `${raw}${signed.search}`, { 'content-type': 'image/png' }, TINY_IMAGES['image/png']);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Caminho de mídia inválido' });
    expect(readdirSync(t.env.dataDir).sort()).toEqual(before);
    expect(mediaFiles(t.env.dataDir)).toEqual([]);
  });

  it.each(TRAVERSALS)('GET %s is a JSON 404, never a file from elsewhere nor the app page', async (raw) => {
    const secret = readFileSync(path.join(t.env.dataDir, 'jwt-secret'), 'utf8');
    const res = await rawRequest(port, 'GET', raw, { accept: 'text/html,*/*' });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain('SHELL');
    expect(JSON.parse(res.body).message).toBe('Arquivo não encontrado');
  });

  it('never served a stored file under a traversal alias, and keeps the SPA fallback away from /media', async () => {
    const url = await uploadUrlFor(t.app, token, 'image/png');
    expect((await rawRequest(port, 'PUT', target(url), { 'content-type': 'image/png' }, TINY_IMAGES['image/png'])).status).toBe(200);
    const alias = url.pathname.replace('/media/avatars/', '/media/avatars/../avatars/');
    expect((await rawRequest(port, 'GET', alias)).status).toBe(404);
    expect((await rawRequest(port, 'GET', url.pathname)).status).toBe(200);
    expect((await rawRequest(port, 'GET', '/media/avatars/nada.png', { accept: 'text/html' })).body).not.toContain('SHELL');
    // A client route still gets the page, so the fallback itself works.
    expect((await rawRequest(port, 'GET', '/auth/conversations', { accept: 'text/html' })).body).toContain('SHELL');
    rmSync(path.join(t.env.dataDir, url.pathname));
    expect(existsSync(path.join(t.env.dataDir, url.pathname))).toBe(false);
  });
});
