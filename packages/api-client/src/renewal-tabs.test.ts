import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenPair } from '@chat/contracts';
import { SessionRenewal } from './renewal';

// Two tabs = two SessionRenewal instances over one stored session (localStorage is shared).
// The server rotates: 'r1' -> {a2, r2}; presenting 'r1' again is reuse and is refused.
let server: Server;
let baseURL = '';
const presented: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += String(chunk)));
    req.on('end', () => {
      const { refreshToken } = JSON.parse(raw) as { refreshToken: string };
      presented.push(refreshToken);
      res.setHeader('content-type', 'application/json');
      setTimeout(() => {
        if (presented.filter((t) => t === refreshToken).length > 1 || refreshToken !== 'r1') {
          res.statusCode = 401;
          res.end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Sessão expirada. Entre novamente.' }));
        } else {
          res.end(JSON.stringify({ accessToken: 'a2', refreshToken: 'r2' }));
        }
      }, 30);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The Web Locks API as browsers implement it: one holder per name, the rest wait in order. */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request: <T>(name: string, task: () => Promise<T>) => {
      const previous = queues.get(name) ?? Promise.resolve();
      const result = previous.then(task, task);
      queues.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
  vi.stubGlobal('navigator', { locks });
}

function tab(stored: { token: string | null; refreshToken: string | null }) {
  const onSessionExpired = vi.fn();
  const renewal = new SessionRenewal(() => axios.create({ baseURL }), {
    getToken: () => stored.token,
    getRefreshToken: () => stored.refreshToken,
    onTokensRenewed: (pair: TokenPair) => Object.assign(stored, { token: pair.accessToken, refreshToken: pair.refreshToken }),
    onSessionExpired,
  });
  return { renewal, onSessionExpired };
}

describe('renewal across tabs', () => {
  it('lets one tab renew while the other waits and reuses the stored pair', async () => {
    installLocks();
    presented.length = 0;
    const stored = { token: 'a1', refreshToken: 'r1' };
    const first = tab(stored);
    const second = tab(stored);
    const tokens = await Promise.all([first.renewal.renew(), second.renewal.renew()]);
    expect(tokens).toEqual(['a2', 'a2']);
    expect(presented).toEqual(['r1']);
    expect(first.onSessionExpired).not.toHaveBeenCalled();
    expect(second.onSessionExpired).not.toHaveBeenCalled();
    expect(stored).toEqual({ token: 'a2', refreshToken: 'r2' });
    vi.unstubAllGlobals();
  });
});
