import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrlFromUploadUrl } from '@chat/contracts';
import { as, createTeam, expectStatus, newClientId, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { rawRequest, target } from '../../test/media';
import { parseMediaKey } from './media-key';
import { contentDisposition, parseRange } from './media-serve';

// What a player and a download see: byte ranges of audio and video (so the player can seek),
// over a real connection with the headers a browser sends; and the name a download is saved as,
// with its accents (RFC 6266) and an ASCII fallback.

// A WebM's first bytes (EBML), then 1000 numbered bytes to tell ranges apart.
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from(Array.from({ length: 1000 }, (_v, i) => i % 251))]);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

let t: TestApp;
let port: number;
let ana: TestUser, bruno: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [ana, bruno] = await createTeam(t.app, ['Ana Faixa', 'Bruno Faixa']);
});
afterAll(() => t?.close());

async function uploaded(fileName: string, contentType: string, body: Buffer): Promise<URL> {
  const res = await as(t.app, ana).post('/cloud/generate-public-media-url', { folder: 'files', fileName, contentType });
  const url = new URL(expectStatus<{ url: string }>(res, 200).url);
  const put = await t.app.inject({ method: 'PUT', url: target(url), headers: { 'content-type': contentType }, payload: body });
  expect(put.statusCode).toBe(200);
  return new URL(publicUrlFromUploadUrl(url.toString()));
}

/** GET over a real connection, the body as bytes. */
function get(
  url: URL,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: url.pathname, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('byte ranges', () => {
  let voice: URL;
  beforeAll(async () => {
    voice = await uploaded('nota.weba', 'audio/webm', WEBM);
  });

  it('serves the whole file and says ranges are accepted', async () => {
    const res = await rawRequest(port, 'GET', voice.pathname);
    expect(res.status).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(WEBM.length));
  });

  it.each([
    ['bytes=0-1', 0, 1],
    ['bytes=100-199', 100, 199],
    ['bytes=900-', 900, WEBM.length - 1],
    ['bytes=-10', WEBM.length - 10, WEBM.length - 1],
    ['bytes=1000-5000', 1000, WEBM.length - 1],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    // What Chromium's media player sends when it seeks.
    const res = await get(voice, { range, accept: '*/*', 'accept-encoding': 'identity;q=1, *;q=0' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${WEBM.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.bytes).toEqual(WEBM.subarray(start, end + 1));
  });

  it('answers a range past the end with 416 and the size', async () => {
    const res = await get(voice, { range: `bytes=${WEBM.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${WEBM.length}`);
  });

  it('serves the whole file for several ranges or a malformed one', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-2']) {
      const res = await get(voice, { range });
      expect(res.status).toBe(200);
      expect(res.bytes).toEqual(WEBM);
    }
  });

  it('parses ranges of an empty file as unsatisfiable', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
    expect(parseRange(undefined, 10)).toBeNull();
  });
});

describe('the name a download is saved as', () => {
  it('keeps the accents of the name sent, with an ASCII fallback', async () => {
    const url = await uploaded('Relatório final.pdf', 'application/pdf', PDF);
    const conversation = expectStatus<{ id: string }>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    const content = {
      type: 'file',
      body: url.toString(),
      fileName: 'Relatório "final" de março.pdf',
      size: 1,
      mimeType: 'application/pdf',
    };
    expectStatus(
      await as(t.app, ana).post('/message/send', { conversationId: conversation.id, isGroup: false, content, clientId: newClientId() }),
      200,
    );
    const res = await rawRequest(port, 'GET', url.pathname);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Relatorio _final_ de marco.pdf"; filename*=UTF-8''Relat%C3%B3rio%20%22final%22%20de%20mar%C3%A7o.pdf`,
    );
  });

  it('uses the safe stored name for a file no message carries', async () => {
    const url = await uploaded('Ação.pdf', 'application/pdf', PDF);
    expect((await rawRequest(port, 'GET', url.pathname)).headers['content-disposition']).toBe(
      `attachment; filename="acao.pdf"; filename*=UTF-8''acao.pdf`,
    );
  });

  it.each([
    ['foto.png', 'foto.png.bin'],
    ['../../etc/passwd', 'passwd.bin'],
    ['a\u0000b\nc.bin', 'abc.bin'],
    ['100% (rascunho)*.bin', '100% (rascunho)*.bin'],
  ])('makes %s safe as %s', (original, saved) => {
    const media = parseMediaKey('files/00000000-0000-0000-0000-000000000000-x.bin')!;
    const header = contentDisposition(media, original);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe(saved);
    expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x24\x26-\x5b\x5d-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
  });
});
