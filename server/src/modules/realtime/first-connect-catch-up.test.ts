import type { AddressInfo } from 'node:net';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import { createTeam, type TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, testRedisUrl, type TestApp } from '../../test/harness';
import { RECENT_EVENTS_RETENTION_MS, RECENT_EVENTS_SLACK_MS, RecentEvents, SHARED_WRITE_EVERY_MS } from './recent-events';

// A page fetches its lists, then opens its socket: its first handshake says when it asked
// (socket-connection.ts, loadedSince), and the server tells it to fetch again only when something
// was sent to its user since then (or when it cannot tell).

describe('RecentEvents', () => {
  it('tells whether a user or their workspace was sent something since a time, and says yes when it cannot tell', async () => {
    let now = 1_000_000;
    const recent = new RecentEvents(() => now);
    now += 60_000;
    expect(await recent.changedSince('u1', 'w1', now - 1000)).toBe(false);
    recent.markUsers(['u1']);
    expect(await recent.changedSince('u1', 'w1', now - 1000)).toBe(true);
    expect(await recent.changedSince('u2', 'w1', now - 1000)).toBe(false);
    recent.markWorkspace('w1');
    expect(await recent.changedSince('u2', 'w1', now - 1000)).toBe(true);
    expect(await recent.changedSince('u3', 'w2', now - 1000)).toBe(false);
    // Within the margin of the clocks' placing: counted.
    now += RECENT_EVENTS_SLACK_MS - 1;
    expect(await recent.changedSince('u1', null, now)).toBe(true);
    now += 2;
    expect(await recent.changedSince('u1', null, now)).toBe(false);
    // Before this process started, or longer ago than it remembers: cannot tell.
    expect(await recent.changedSince('u9', null, 0)).toBe(true);
    now += RECENT_EVENTS_RETENTION_MS * 2;
    expect(await recent.changedSince('u9', null, now - RECENT_EVENTS_RETENTION_MS - RECENT_EVENTS_SLACK_MS)).toBe(true);
  });

  it('with several processes, also reads the record they share, throttling its writes, and says yes when it does not answer', async () => {
    let now = 1_000_000;
    const stored = new Map<string, number>();
    let since: number | null = null;
    let writes = 0;
    let answering = true;
    const shared = {
      write: (keys: readonly string[], at: number) => {
        writes++;
        since ??= at;
        for (const key of keys) stored.set(key, at);
      },
      read: (keys: readonly string[]) =>
        answering ? Promise.resolve({ since, marks: keys.map((key) => stored.get(key) ?? null) }) : new Promise<never>(() => undefined),
    };
    const here = new RecentEvents(() => now);
    const other = new RecentEvents(() => now);
    here.shareThrough(shared);
    other.shareThrough(shared);
    other.markUsers(['u0']);
    now += 60_000;
    expect(await here.changedSince('u1', 'w1', now - 1000)).toBe(false);
    // Sent by the other process: seen here through the record.
    other.markUsers(['u1']);
    other.markUsers(['u1']);
    expect(writes).toBe(2);
    expect(await here.changedSince('u1', 'w1', now - 1000)).toBe(true);
    now += SHARED_WRITE_EVERY_MS + 1;
    other.markUsers(['u1']);
    expect(writes).toBe(3);
    answering = false;
    expect(await here.changedSince('u2', 'w1', now - 1000)).toBe(true);
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

describe("a page's first connect", () => {
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
  it('is told to fetch again when another process sent something to its user since it asked', async () => {
    const peer = await startPeerApp(t);
    try {
      await new Promise((resolve) => setTimeout(resolve, RECENT_EVENTS_SLACK_MS + 100));
      expect(await firstConnect(bruno, { since: Date.now(), now: Date.now() })).toBe(0);
      const loadedAt = Date.now();
      peer.ctx.chatEvents.toUsers([bruno.id], 'chat:muted', { chatId: ana.id, isGroup: false, muted: true });
      expect(await firstConnect(bruno, { since: loadedAt, now: Date.now() })).toBe(1);
    } finally {
      await peer.close();
    }
  }, 30_000);
});
