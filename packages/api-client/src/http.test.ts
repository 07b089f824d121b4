import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp } from './axios-instances';
import { ApiCallError, request } from './http';
import { isUnanswered } from './renewal';

let server: Server;
let baseURL = '';
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    res.setHeader('content-type', 'application/json');
    if (req.url === '/ok') {
      res.end(JSON.stringify({ hello: 'mundo' }));
    } else if (req.url === '/plain-error') {
      res.statusCode = 502;
      res.end('<html>bad gateway</html>');
    } else {
      res.statusCode = 401;
      res.end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Usuário ou senha inválidos' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('request', () => {
  it('returns status and data, with the bearer token read at call time', async () => {
    let token: string | null = 'primeiro';
    const http = createHttp({ baseURL, getToken: () => token });
    const first = await request<{ hello: string }>(http, { url: '/ok' });
    expect(first).toEqual({ status: 200, data: { hello: 'mundo' } });
    expect(lastHeaders.authorization).toBe('Bearer primeiro');
    token = null;
    await request(http, { url: '/ok' });
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it('turns a server error body into ApiCallError with its Portuguese message', async () => {
    const http = createHttp({ baseURL, getToken: () => null });
    const error = await request(http, { url: '/fail' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).status).toBe(401);
    expect((error as ApiCallError).serverMessage).toBe('Usuário ou senha inválidos');
  });

  it('leaves serverMessage empty when the body is not an API error', async () => {
    const http = createHttp({ baseURL, getToken: () => null });
    const error = (await request(http, { url: '/plain-error' }).catch((e: unknown) => e)) as ApiCallError;
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeNull();
  });

  it('reports a network failure without status', async () => {
    const http = createHttp({ baseURL: 'http://127.0.0.1:1', getToken: () => null });
    const error = (await request(http, { url: '/ok' }).catch((e: unknown) => e)) as ApiCallError;
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.status).toBeNull();
    expect(error.serverMessage).toBeNull();
  });

  it('tells a call that got no answer from one the server refused (isUnanswered)', async () => {
    // What remote-chat's open chat relies on to keep loading offline instead of showing 'não encontrada'.
    const offline = await request(createHttp({ baseURL: 'http://127.0.0.1:1', getToken: () => null }), { url: '/ok' }).catch(
      (e: unknown) => e,
    );
    const refused = await request(createHttp({ baseURL, getToken: () => null }), { url: '/fail' }).catch((e: unknown) => e);
    expect(isUnanswered(offline)).toBe(true);
    expect(isUnanswered(refused)).toBe(false);
    expect(isUnanswered(new Error('outra coisa'))).toBe(false);
  });
});
