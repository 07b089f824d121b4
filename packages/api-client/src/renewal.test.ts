import { createServer, type IncomingMessage, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '@chat/contracts';
import { signin, signout } from './auth';
import { configureApiClient, http, renewSession } from './client';
import { isTransientFailure, isUnanswered } from './renewal';
import { ApiCallError, request } from './http';

// A real HTTP server: access token 'velho' is refused, 'novo' is accepted; the refresh token
// 'r1' renews once into {novo, r2} (or is refused when `renewalWorks` is false).
let server: Server;
let baseURL = '';
let renewals = 0;
let renewalWorks = true;
/** When set, the renewal answers this status instead (a server whose database or disk failed). */
let renewalOutage: number | null = null;
let signouts: unknown[] = [];
let log: { path: string; auth: string | undefined }[] = [];
/** Requests to /dados wait here until `barrierSize` of them have arrived (all fail "at once"). */
let barrierSize = 1;
let held: (() => void)[] = [];

function json(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(body === undefined ? '' : JSON.stringify(body));
}

const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Token inválido ou expirado' };

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = (req.url ?? '').split('?')[0] ?? '';
  log.push({ path, auth: req.headers.authorization });
  const body = await readBody(req);
  if (path === '/refresh-token/use') {
    renewals += 1;
    await new Promise((r) => setTimeout(r, 30)); // a renewal takes a while: later 401s queue
    if (renewalOutage)
      return json(res, renewalOutage, { statusCode: renewalOutage, error: 'Unavailable', message: 'Serviço temporariamente indisponível' });
    if (renewalWorks && body.refreshToken === 'r1') return json(res, 200, { accessToken: 'novo', refreshToken: 'r2' });
    return json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Sessão expirada' });
  }
  if (path === '/auth/signin') return json(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Usuário ou senha inválidos' });
  if (path === '/auth/signout') {
    signouts.push(body);
    return json(res, 401, unauthorized);
  }
  if (path === '/sempre-401') return json(res, 401, unauthorized);
  if (path.startsWith('/dados/')) {
    const answer = () =>
      req.headers.authorization === 'Bearer novo' ? json(res, 200, { item: path.slice('/dados/'.length) }) : json(res, 401, unauthorized);
    if (req.headers.authorization === 'Bearer novo') return answer();
    held.push(answer);
    if (held.length >= barrierSize) {
      const release = held;
      held = [];
      release.forEach((send) => send());
    }
    return undefined;
  }
  return json(res, 404, { statusCode: 404, error: 'Not Found', message: 'Não encontrado' });
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The shell's side, in memory: the stored pair and the two callbacks. */
function session(refreshToken: string | null = 'r1') {
  const stored = { token: 'velho' as string | null, refreshToken };
  const onTokensRenewed = vi.fn((pair: TokenPair) => {
    stored.token = pair.accessToken;
    stored.refreshToken = pair.refreshToken;
  });
  const onSessionExpired = vi.fn((_refusal: string | null) => {
    stored.token = null;
    stored.refreshToken = null;
  });
  configureApiClient({
    baseURL,
    getToken: () => stored.token,
    getRefreshToken: () => stored.refreshToken,
    onTokensRenewed,
    onSessionExpired,
  });
  return { stored, onTokensRenewed, onSessionExpired };
}

const get = (path: string) => request<{ item: string }>(http(), { url: path });
const hits = (path: string) => log.filter((entry) => entry.path === path);

beforeEach(() => {
  renewals = 0;
  renewalWorks = true;
  renewalOutage = null;
  signouts = [];
  log = [];
  barrierSize = 1;
  held = [];
});

describe('session renewal', () => {
  it('five calls failing with 401 at once cause one renewal and five retries with the new token', async () => {
    const { stored, onTokensRenewed, onSessionExpired } = session();
    barrierSize = 5;
    const results = await Promise.all(['1', '2', '3', '4', '5'].map((n) => get(`/dados/${n}`)));
    expect(results.map((r) => r.data.item)).toEqual(['1', '2', '3', '4', '5']);
    expect(renewals).toBe(1);
    expect(hits('/refresh-token/use')).toEqual([{ path: '/refresh-token/use', auth: undefined }]);
    for (const n of ['1', '2', '3', '4', '5']) {
      expect(hits(`/dados/${n}`).map((entry) => entry.auth)).toEqual(['Bearer velho', 'Bearer novo']);
    }
    expect(onTokensRenewed).toHaveBeenCalledTimes(1);
    expect(onTokensRenewed).toHaveBeenCalledWith({ accessToken: 'novo', refreshToken: 'r2' });
    expect(stored).toEqual({ token: 'novo', refreshToken: 'r2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a retried call that fails with 401 again is rejected without a second renewal', async () => {
    const { onSessionExpired } = session();
    const error = (await get('/sempre-401').catch((e: unknown) => e)) as ApiCallError;
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Token inválido ou expirado');
    expect(renewals).toBe(1);
    expect(hits('/sempre-401').map((entry) => entry.auth)).toEqual(['Bearer velho', 'Bearer novo']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a failed renewal rejects every queued call and ends the session once', async () => {
    const { onTokensRenewed, onSessionExpired } = session();
    renewalWorks = false;
    barrierSize = 5;
    const outcomes = await Promise.allSettled(['1', '2', '3', '4', '5'].map((n) => get(`/dados/${n}`)));
    expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
    for (const outcome of outcomes) {
      const reason = (outcome as PromiseRejectedResult).reason as ApiCallError;
      expect(reason).toBeInstanceOf(ApiCallError);
      expect(reason.status).toBe(401);
    }
    expect(renewals).toBe(1);
    // No call is retried after a failed renewal.
    for (const n of ['1', '2', '3', '4', '5']) expect(hits(`/dados/${n}`)).toHaveLength(1);
    // With the refused call's own message: it may say why the session ended.
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith('Token inválido ou expirado');
    expect(onTokensRenewed).not.toHaveBeenCalled();
  });

  it('without a stored refresh token the session ends at once, with no renewal call', async () => {
    const { onSessionExpired } = session(null);
    const error = (await get('/dados/1').catch((e: unknown) => e)) as ApiCallError;
    expect(error.status).toBe(401);
    expect(renewals).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith('Token inválido ou expirado');
    expect(hits('/dados/1')).toHaveLength(1);
  });

  it('a 401 from sign-in never starts a renewal', async () => {
    const { onSessionExpired } = session();
    const error = (await signin({ identifier: 'ana', password: 'errada' }).catch((e: unknown) => e)) as ApiCallError;
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Usuário ou senha inválidos');
    expect(renewals).toBe(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sign-out goes out bare: its 401 neither renews nor ends anything', async () => {
    const { onSessionExpired } = session();
    await expect(signout({ refreshToken: 'r1' })).rejects.toBeInstanceOf(ApiCallError);
    expect(signouts).toEqual([{ refreshToken: 'r1' }]);
    expect(hits('/auth/signout')[0]?.auth).toBeUndefined();
    expect(renewals).toBe(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('renewSession (the startup renewal) shares a renewal already running', async () => {
    const { onTokensRenewed } = session();
    const [a, b] = await Promise.all([renewSession(), renewSession()]);
    expect([a, b]).toEqual(['novo', 'novo']);
    expect(renewals).toBe(1);
    expect(onTokensRenewed).toHaveBeenCalledTimes(1);
  });

  it('renewSession rejects after ending the session when the renewal is refused', async () => {
    const { onSessionExpired } = session();
    renewalWorks = false;
    await expect(renewSession()).rejects.toThrow();
    // No refused call asked for this renewal: no reason to pass on.
    expect(onSessionExpired).toHaveBeenCalledWith(null);
  });

  it.each([503, 507, 500, 429])(
    'a renewal answered %i (the server cannot decide now) rejects but keeps the stored session',
    async (status) => {
      const { stored, onSessionExpired } = session();
      renewalOutage = status;
      const failure = await renewSession().catch((error: unknown) => error);
      expect(isTransientFailure(failure)).toBe(true);
      expect(onSessionExpired).not.toHaveBeenCalled();
      expect(stored).toEqual({ token: 'velho', refreshToken: 'r1' });
      // Once the server is back, the same refresh token renews.
      renewalOutage = null;
      await expect(renewSession()).resolves.toBe('novo');
    },
  );

  it('a renewal that gets no answer (offline) rejects but keeps the stored session', async () => {
    const { stored, onSessionExpired } = session();
    configureApiClient({
      baseURL: 'http://127.0.0.1:9', // nothing listens on the discard port: connection refused
      getToken: () => stored.token,
      getRefreshToken: () => stored.refreshToken,
      onTokensRenewed: vi.fn(),
      onSessionExpired,
    });
    const failure = await renewSession().catch((error: unknown) => error);
    expect(isUnanswered(failure)).toBe(true);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(stored).toEqual({ token: 'velho', refreshToken: 'r1' });
  });
});
