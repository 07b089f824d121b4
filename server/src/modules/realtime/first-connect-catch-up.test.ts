import type { AddressInfo } from 'node:net';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import { createTeam, type TestUser } from '../../test/chat-helpers';
import { createTestApp, testRedisUrl, type TestApp } from '../../test/harness';
import { RECENT_EVENTS_RETENTION_MS, RECENT_EVENTS_SLACK_MS, RecentEvents } from './recent-events';

// A page fetches its lists, then opens its socket: its first handshake says when it asked
// (socket-connection.ts, loadedSince), and the server tells it to fetch again only when something
// was sent to its user since then (or when it cannot tell).

describe('RecentEvents', () => {
  it('tells whether a user or their workspace was sent something since a time, and says yes when it cannot tell', () => {
    let now = 1_000_000;
    const recent = new RecentEvents(() => now);
    now += 60_000;
    expect(recent.changedSince('u1', 'w1', now - 1000)).toBe(false);
    recent.markUsers(['u1']);
    expect(recent.changedSince('u1', 'w1', now - 1000)).toBe(true);
    expect(recent.changedSince('u2', 'w1', now - 1000)).toBe(false);
    recent.markWorkspace('w1');
    expect(recent.changedSince('u2', 'w1', now - 1000)).toBe(true);
    expect(recent.changedSince('u3', 'w2', now - 1000)).toBe(false);
    // Within the margin of the clocks' placing: counted.
    now += RECENT_EVENTS_SLACK_MS - 1;
    expect(recent.changedSince('u1', null, now)).toBe(true);
    now += 2;
    expect(recent.changedSince('u1', null, now)).toBe(false);
    // Before this process started, or longer ago than it remembers: cannot tell.
    expect(recent.changedSince('u9', null, 0)).toBe(true);
    now += RECENT_EVENTS_RETENTION_MS * 2;
    expect(recent.changedSince('u9', null, now - RECENT_EVENTS_RETENTION_MS - RECENT_EVENTS_SLACK_MS)).toBe(true);
    recent.sharedWithOtherProcesses();
    expect(recent.changedSince('u9', null, now)).toBe(true);
  });
});

let t: TestApp;
let baseUrl: string;
let ana: TestUser, bruno: TestUser;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [ana, bruno] = await createTeam(t.app, ['Ana Primeira', 'Bruno Primeira']);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => t?.close());

/** Connects as `user` with the page's catch-up fields, and gathers 'sync:required' for a moment. */
async function firstConnect(user: TestUser, auth: Record<string, unknown>): Promise<number> {
  const socket = connect(`${baseUrl}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: user.token, ...auth },
    query: { id: user.id, name: user.name },
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  let syncs = 0;
  socket.on('sync:required', () => syncs++);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return syncs;
}

describe.skipIf(!!testRedisUrl())("a page's first connect", () => {
  it('fetches nothing again when nothing was sent to its user since it asked', async () => {
    // The page's clock runs an hour ahead of the server's: `now` places it.
    const skew = 3_600_000;
    // (Past the margin after the server started: before it, the server cannot tell.)
    await new Promise((resolve) => setTimeout(resolve, RECENT_EVENTS_SLACK_MS + 100));
    const loadedAt = Date.now() + skew;
    expect(await firstConnect(ana, { since: loadedAt, now: Date.now() + skew })).toBe(0);
  }, 20_000);

  it('is told to fetch again when something was sent to its user after it asked', async () => {
    const loadedAt = Date.now();
    // Bruno starts a conversation with Ana before her socket exists.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conversation/create',
      headers: { authorization: `Bearer ${bruno.token}` },
      payload: { userTwoId: ana.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await firstConnect(ana, { since: loadedAt, now: Date.now() })).toBe(1);
  });

  it('asks nothing of a handshake without the fields (a reconnect catches up by itself)', async () => {
    expect(await firstConnect(bruno, {})).toBe(0);
    expect(await firstConnect(bruno, { since: 'ontem', now: Date.now() })).toBe(0);
  });
});

describe.runIf(!!testRedisUrl())("a page's first connect with several processes", () => {
  it('is always told to fetch again: another process may have sent something', async () => {
    expect(await firstConnect(ana, { since: Date.now(), now: Date.now() })).toBe(1);
  });
});
