import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './client';
import { ApiCallError } from './http';
import { generatePublicMediaUrl, uploadToSignedUrl, UploadRequestError } from './media';

// A real HTTP server standing in for the API and the media store.
let server: Server;
let baseURL = '';
let seen: { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
let onSessionExpired = vi.fn();

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '').split('?')[0] ?? '';
  if (path === '/media/avatars/lento.png') return; // never answers: the client's timeout decides
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  seen.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) });
  if (path === '/cloud/generate-public-media-url') {
    return json(res, 200, { url: `${baseURL}/media/avatars/abc-foto.png?expires=1&signature=xyz` });
  }
  if (path === '/media/avatars/grande.png') {
    return json(res, 413, { statusCode: 413, error: 'Payload Too Large', message: 'Arquivo muito grande (máx 10MB)' });
  }
  if (path === '/media/avatars/expirada.png') {
    // A 401 on the upload must not start a session renewal: the PUT carries no session at all.
    return json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'não autorizado' });
  }
  if (path.startsWith('/media/')) return json(res, 200, { url: `${baseURL}${path}` });
  return json(res, 404, { statusCode: 404, error: 'Not Found', message: 'Não encontrado' });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  onSessionExpired = vi.fn();
  configureApiClient({
    baseURL,
    getToken: () => 'token-da-sessao',
    getRefreshToken: () => 'refresh',
    onTokensRenewed: vi.fn(),
    onSessionExpired,
  });
});

const png = () => new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), new Uint8Array(64 * 1024)], { type: 'image/png' });

describe('generatePublicMediaUrl', () => {
  it('posts the body with the bearer token and returns the signed URL', async () => {
    const { status, data } = await generatePublicMediaUrl({ fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' });
    expect(status).toBe(200);
    expect(data?.url).toBe(`${baseURL}/media/avatars/abc-foto.png?expires=1&signature=xyz`);
    expect(seen[0]!.headers.authorization).toBe('Bearer token-da-sessao');
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' });
  });
});

describe('uploadToSignedUrl', () => {
  it('PUTs the file with its content type and no Authorization header, reporting progress', async () => {
    const file = png();
    const progress: number[] = [];
    const { status } = await uploadToSignedUrl(`${baseURL}/media/avatars/abc-foto.png?expires=1&signature=xyz`, file, {
      onProgress: (percent) => progress.push(percent),
    });
    expect(status).toBe(200);
    const put = seen[0]!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/media/avatars/abc-foto.png');
    expect(put.headers.authorization).toBeUndefined();
    expect(put.headers['content-type']).toBe('image/png');
    expect(put.headers['content-length']).toBe(String(file.size));
    expect(put.body.equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);
  });

  it("sends a bucket's signed headers as they are, instead of the file's type", async () => {
    const headers = {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="a.html"',
      'cache-control': 'public, max-age=31536000, immutable',
      'if-none-match': '*',
    };
    const { status } = await uploadToSignedUrl(
      `${baseURL}/media/files/abc-a.html?X-Amz-Signature=s`,
      new Blob(['<p>oi</p>'], { type: 'text/html' }),
      {
        headers,
      },
    );
    expect(status).toBe(200);
    expect(seen[0]!.headers).toMatchObject(headers);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('reports an error status with the server message, without a session renewal', async () => {
    const error = (await uploadToSignedUrl(`${baseURL}/media/avatars/grande.png?s=1`, png()).catch(
      (e: unknown) => e,
    )) as UploadRequestError;
    expect(error).toBeInstanceOf(UploadRequestError);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ reason: 'status', status: 413, serverMessage: 'Arquivo muito grande (máx 10MB)' });

    const unauthorized = (await uploadToSignedUrl(`${baseURL}/media/avatars/expirada.png?s=1`, png()).catch(
      (e: unknown) => e,
    )) as UploadRequestError;
    expect(unauthorized).toMatchObject({ reason: 'status', status: 401 });
    expect(seen.map((r) => r.path)).toEqual(['/media/avatars/grande.png', '/media/avatars/expirada.png']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('gives up after the timeout', async () => {
    const error = (await uploadToSignedUrl(`${baseURL}/media/avatars/lento.png?s=1`, png(), { timeoutMs: 200 }).catch(
      (e: unknown) => e,
    )) as UploadRequestError;
    expect(error).toMatchObject({ reason: 'timeout', status: null, message: 'tempo esgotado após 0,2 s' });
  });

  it('reports a network failure without status', async () => {
    const error = (await uploadToSignedUrl('http://127.0.0.1:1/media/avatars/x.png?s=1', png()).catch(
      (e: unknown) => e,
    )) as UploadRequestError;
    expect(error).toMatchObject({ reason: 'network', status: null, message: 'falha de conexão com o servidor' });
  });
});
