import type { Redis } from 'ioredis';
import type { CounterStore, WindowCount } from './counter-store';

// Lua keeps each step atomic across processes: INCR and the window's expiry in one go (a crash
// between them would leave a counter that never expires), and DECR only on a live window (a
// plain DECR after expiry would create a key at -1 without a TTL).
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

const DECREMENT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    /** Namespaces the keys, so deployments (and parallel test runs) on one Redis stay apart. */
    private readonly keyPrefix: string,
  ) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.keyPrefix + key, String(windowMs))) as [number, number];
    return { count, resetInMs: ttl };
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.keyPrefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
