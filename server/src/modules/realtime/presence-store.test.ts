import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testRedisUrl } from '../../test/harness';
import { type PrivateRedis, startPrivateRedis } from '../../test/private-redis';
import { MemoryPresenceStore, type PresenceStore, type PresenceUser } from './presence-store';
import { PRESENCE_TTL_MS, PRESENCE_WORST_SWEEP_MS, RedisPresenceStore } from './redis-presence-store';

const socket = (userId: string, socketId: string, workspaceId: string | null = 'w1') => ({ userId, workspaceId, socketId });

/** The contract both stores keep; `pair()` gives two views of one registry (two processes for Redis). */
function transitions(pair: () => Promise<[PresenceStore, PresenceStore]>) {
  it('answers first socket and last socket exactly once, across both views', async () => {
    const [a, b] = await pair();
    expect(await a.add(socket('u1', 's1'))).toBe(true);
    expect(await b.add(socket('u1', 's2'))).toBe(false);
    expect(await a.add(socket('u1', 's3'))).toBe(false);
    expect(await a.onlineAmong(['u1', 'u2'])).toEqual(new Set(['u1']));
    expect(await a.remove(socket('u1', 's1'))).toBe(false);
    expect(await a.remove(socket('u1', 's1'))).toBe(false);
    expect(await b.remove(socket('u1', 's2'))).toBe(false);
    expect(await b.onlineAmong(['u1'])).toEqual(new Set(['u1']));
    expect(await a.remove(socket('u1', 's3'))).toBe(true);
    expect(await b.onlineAmong(['u1'])).toEqual(new Set());
    expect(await a.onlineAmong([])).toEqual(new Set());
  });
}

describe('MemoryPresenceStore', () => {
  transitions(async () => {
    const store = new MemoryPresenceStore();
    return [store, store];
  });
});

describe('RedisPresenceStore close', () => {
  it('gives up after a few seconds on a Redis that accepted the connection but stopped answering', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const redis = new Redis({ host: '127.0.0.1', port, enableReadyCheck: false, maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    await new Promise((resolve) => redis.once('connect', resolve));
    try {
      const store = new RedisPresenceStore(redis, 'silencioso', { heartbeatMs: 0, quitOnClose: true });
      const ended = new Promise((resolve) => redis.once('end', resolve));
      const started = Date.now();
      await expect(store.close()).rejects.toThrow('Redis não respondeu ao encerrar a presença');
      expect(Date.now() - started).toBeLessThan(4500);
      await ended; // its connection was dropped, not left waiting
    } finally {
      redis.disconnect();
      silent.close();
    }
  });
});

describe.runIf(testRedisUrl())('RedisPresenceStore (processes sharing one Redis)', () => {
  const prefix = `chat-test-presence-${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const stores: RedisPresenceStore[] = [];
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(testRedisUrl()!);
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close().catch(() => undefined)));
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  /** A store as one process would hold it, with its own connection; heartbeats only when the test asks, unless given a period. */
  async function process(options: { ttlMs?: number; heartbeatMs?: number } = {}) {
    const redis = new Redis(testRedisUrl()!);
    clients.push(redis);
    const store = await new RedisPresenceStore(redis, prefix, { heartbeatMs: 0, ...options }).start();
    stores.push(store);
    const seen: Array<{ status: 'online' | 'offline' } & PresenceUser> = [];
    store.onTransitions({
      online: (u) => seen.push({ status: 'online', ...u }),
      offline: (u) => seen.push({ status: 'offline', ...u }),
    });
    return { store, seen, redis };
  }

  transitions(async () => [(await process()).store, (await process()).store]);

  it('a user with a socket on this process is online without a Redis lookup; the others are looked up', async () => {
    const here = await process();
    const there = await process();
    await here.store.add(socket('u1', 's1'));
    await there.store.add(socket('u2', 's2'));
    let lookups = 0;
    const pipeline = here.redis.pipeline.bind(here.redis);
    here.redis.pipeline = (...args: Parameters<typeof pipeline>) => (lookups++, pipeline(...args));
    expect(await here.store.onlineAmong(['u1', 'u1'])).toEqual(new Set(['u1']));
    expect(lookups).toBe(0);
    expect(await here.store.onlineAmong(['u1', 'u2', 'u3'])).toEqual(new Set(['u1', 'u2']));
    expect(lookups).toBe(1);
    // Gone from this process: asked again (and offline everywhere).
    await here.store.remove(socket('u1', 's1'));
    expect(await here.store.onlineAmong(['u1'])).toEqual(new Set());
    expect(lookups).toBe(2);
  });

  it('a process that dies without closing: another one sweeps its sockets once its alive key expires', async () => {
    const dead = await process({ ttlMs: 300 });
    const live = await process();
    await dead.store.add(socket('u1', 'a1', 'w1'));
    await dead.store.add(socket('u2', 'a2', 'w2'));
    await live.store.add(socket('u2', 'b1', 'w2'));
    // "Dies": no more heartbeats, connection gone, nothing cleaned up.
    dead.redis.disconnect();
    stores.splice(stores.indexOf(dead.store), 1);

    await live.store.heartbeat();
    expect(live.seen).toEqual([]);
    expect(await live.store.onlineAmong(['u1', 'u2'])).toEqual(new Set(['u1', 'u2']));

    await new Promise((resolve) => setTimeout(resolve, 400));
    await live.store.heartbeat();
    // u2 still has a socket on the live process: only u1 went offline.
    expect(live.seen).toEqual([{ status: 'offline', userId: 'u1', workspaceId: 'w1' }]);
    expect(await live.store.onlineAmong(['u1', 'u2'])).toEqual(new Set(['u2']));
    expect(await admin.exists(`${prefix}:presence:proc:${dead.store.processId}`)).toBe(0);
    expect(await admin.sismember(`${prefix}:presence:procs`, dead.store.processId)).toBe(0);

    // Swept once: a later heartbeat reports nothing again.
    await live.store.heartbeat();
    expect(live.seen).toHaveLength(1);
  });

  it('with the production timings, a process that dies right after its heartbeat is swept within 10 s', { timeout: 20_000 }, async () => {
    expect(PRESENCE_WORST_SWEEP_MS).toBeLessThanOrEqual(10_000);
    // The dead one keeps the default TTL; the live one heartbeats on the default period, on its own timer.
    const dead = await process({ ttlMs: undefined });
    const live = await process({ heartbeatMs: undefined });
    await dead.store.add(socket('u1', 'a1', 'w1'));
    const offline = new Promise<number>((resolve) =>
      live.store.onTransitions({ online: () => undefined, offline: () => resolve(Date.now()) }),
    );
    // Worst moment to die: its alive key was just refreshed.
    await dead.store.heartbeat();
    dead.redis.disconnect();
    const diedAt = Date.now();
    stores.splice(stores.indexOf(dead.store), 1);

    const sweptAfter = (await offline) - diedAt;
    console.log(`processo morto varrido em ${sweptAfter} ms (TTL ${PRESENCE_TTL_MS} ms, pior caso ${PRESENCE_WORST_SWEEP_MS} ms)`);
    // Not before its key expired (it was not swept for another reason), and within the promise.
    expect(sweptAfter).toBeGreaterThanOrEqual(PRESENCE_TTL_MS - 50);
    expect(sweptAfter).toBeLessThan(10_000);
    expect(await live.store.onlineAmong(['u1'])).toEqual(new Set());
  });

  it('a slow process that was swept while alive registers its sockets again on its next heartbeat', async () => {
    const slow = await process({ ttlMs: 200 });
    const other = await process();
    await slow.store.add(socket('u1', 's1', 'w1'));
    await slow.store.add(socket('u1', 's2', 'w1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.store.heartbeat();
    expect(other.seen).toEqual([{ status: 'offline', userId: 'u1', workspaceId: 'w1' }]);

    await slow.store.heartbeat();
    expect(slow.seen).toEqual([{ status: 'online', userId: 'u1', workspaceId: 'w1' }]);
    expect(await other.store.onlineAmong(['u1'])).toEqual(new Set(['u1']));
    // Its bookkeeping is whole again: the last of the two sockets is still the one that ends it.
    expect(await slow.store.remove(socket('u1', 's1', 'w1'))).toBe(false);
    expect(await slow.store.remove(socket('u1', 's2', 'w1'))).toBe(true);
  });

  it('forgets whom it holds once their last socket there closes (its registry does not grow with every user seen)', async () => {
    const { store } = await process();
    const held = () => admin.smembers(`${prefix}:presence:proc:${store.processId}`);
    await store.add(socket('u1', 's1', 'w1'));
    await store.add(socket('u1', 's2', 'w1'));
    await store.remove(socket('u1', 's1', 'w1'));
    expect(await held()).toEqual(['u1/w1']);
    await store.remove(socket('u1', 's2', 'w1'));
    expect(await held()).toEqual([]);
  });

  it('closing reports the users whose last sockets were there, and leaves the registry', async () => {
    const leaving = await process();
    const staying = await process();
    await leaving.store.add(socket('u1', 's1', null));
    await leaving.store.add(socket('u2', 's2', 'w2'));
    await staying.store.add(socket('u2', 's3', 'w2'));
    await leaving.store.close();
    expect(leaving.seen).toEqual([{ status: 'offline', userId: 'u1', workspaceId: null }]);
    expect(await staying.store.onlineAmong(['u1', 'u2'])).toEqual(new Set(['u2']));
    expect(await admin.sismember(`${prefix}:presence:procs`, leaving.store.processId)).toBe(0);
    expect(await admin.exists(`${prefix}:presence:alive:${leaving.store.processId}`)).toBe(0);
  });
});

describe('RedisPresenceStore after a Redis restart', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(() => redis?.remove());

  it('registers its sockets again as soon as its connection is back, without waiting for a heartbeat', async () => {
    const connect = () => new Redis(redis.url, { maxRetriesPerRequest: null }).on('error', () => undefined);
    const connections = [connect(), connect()];
    // No periodic heartbeat: only the reconnection can bring the sockets back.
    const start = (c: Redis) => new RedisPresenceStore(c, 'reinicio', { heartbeatMs: 0 }).start();
    const [here, there] = await Promise.all([start(connections[0]!), start(connections[1]!)]);
    const seen: PresenceUser[] = [];
    here.onTransitions({ online: (u) => seen.push(u), offline: () => undefined });
    try {
      await here.add(socket('u1', 's1', 'w1'));
      await redis.kill();
      await redis.start();
      // Started empty: the user is known again only once `here` has registered its socket anew.
      await vi.waitFor(async () => expect(await there.onlineAmong(['u1'])).toEqual(new Set(['u1'])), { timeout: 10_000 });
      // The transition comes through pub/sub, a moment after the registration it announces.
      await vi.waitFor(() => expect(seen).toEqual([{ userId: 'u1', workspaceId: 'w1' }]), { timeout: 5_000 });
    } finally {
      await Promise.all([here, there].map((s) => s.close().catch(() => undefined)));
      for (const c of connections) c.disconnect();
    }
  });
});
