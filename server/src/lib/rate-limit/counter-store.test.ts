import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { testRedisUrl } from '../../test/harness';
import { connectRedis } from '../redis';
import { type CounterStore, MemoryCounterStore } from './counter-store';
import { RedisCounterStore } from './redis-counter-store';

// The same contract for both stores; the Redis one runs when the suite has REDIS_URL.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function contract(name: string, makeStore: () => CounterStore) {
  describe(name, () => {
    let store: CounterStore;
    beforeAll(() => {
      store = makeStore();
    });
    const key = () => `k-${randomBytes(4).toString('hex')}`;

    it('counts attempts within a window and reports the time left', async () => {
      const k = key();
      expect((await store.increment(k, 10_000)).count).toBe(1);
      const second = await store.increment(k, 10_000);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(9_000);
      expect(second.resetInMs).toBeLessThanOrEqual(10_000);
    });

    it('keeps keys apart', async () => {
      const a = key();
      await store.increment(a, 10_000);
      await store.increment(a, 10_000);
      expect((await store.increment(key(), 10_000)).count).toBe(1);
    });

    it('starts again at 1 once the window has ended, and the window is not stretched by later hits', async () => {
      const k = key();
      await store.increment(k, 300);
      await sleep(150);
      expect((await store.increment(k, 300)).resetInMs).toBeLessThanOrEqual(160);
      await sleep(200);
      expect((await store.increment(k, 300)).count).toBe(1);
    });

    it('gives attempts back, never below zero and never into an ended window', async () => {
      const k = key();
      await store.increment(k, 10_000);
      await store.increment(k, 10_000);
      await store.decrement(k);
      expect((await store.increment(k, 10_000)).count).toBe(2);
      for (let i = 0; i < 5; i++) await store.decrement(k);
      expect((await store.increment(k, 10_000)).count).toBe(1);

      const ended = key();
      await store.increment(ended, 100);
      await sleep(150);
      await store.decrement(ended);
      const fresh = await store.increment(ended, 10_000);
      expect(fresh.count).toBe(1);
      expect(fresh.resetInMs).toBeGreaterThan(9_000);
    });
  });
}

contract('MemoryCounterStore', () => new MemoryCounterStore());

const redisUrl = testRedisUrl();
describe.runIf(redisUrl)('RedisCounterStore', () => {
  let redis: Redis;
  const prefix = `chat-test-${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    redis = await connectRedis(redisUrl!, () => undefined);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  contract('contract', () => new RedisCounterStore(redis, prefix));

  it('stores its keys under the prefix, with an expiry', async () => {
    const store = new RedisCounterStore(redis, prefix);
    await store.increment('visible', 5_000);
    expect(await redis.get(`${prefix}visible`)).toBe('1');
    expect(await redis.pttl(`${prefix}visible`)).toBeGreaterThan(4_000);
  });
});
