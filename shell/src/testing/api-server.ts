import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '@chat/contracts';

export interface ApiCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  auth: string | undefined;
}

export interface ApiAnswer {
  status: number;
  body?: unknown;
  /** Close the connection without answering, as a network failure looks to the browser. */
  hangUp?: boolean;
}

export interface ApiServer {
  config: AppConfig;
  calls: ApiCall[];
  close: () => Promise<void>;
}

/**
 * A real HTTP server for the shell's jsdom tests (the api-client is not mocked). jsdom's XHR
 * enforces CORS, hence the headers and the preflight answer.
 */
export async function startApiServer(route: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): Promise<ApiServer> {
  const calls: ApiCall[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE');
    if (req.method === 'OPTIONS') return void res.end();
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const call: ApiCall = {
      method: req.method ?? 'GET',
      path: req.url ?? '',
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      auth: req.headers.authorization,
    };
    calls.push(call);
    const answer = await route(call);
    if (answer.hangUp) return void res.destroy();
    res.statusCode = answer.status;
    if (answer.body === undefined) return void res.end();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer.body));
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config: AppConfig = {
    version: '1.0.22',
    apiBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    socketUrl: '',
    remotes: { chat: '', team: '', settings: '', root: '' },
    flags: { featuredWorkspaceId: null, productionOrigin: null },
  };
  return {
    config,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const apiError = (status: number, message: string): ApiAnswer => ({
  status,
  body: { statusCode: status, error: 'Erro', message },
});

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT-shaped token whose payload has `exp` (the shell only reads the expiry). */
export const fakeJwt = (expSeconds: number, name = 'token') => `${encode({ alg: 'HS256' })}.${encode({ exp: expSeconds, name })}.x`;
