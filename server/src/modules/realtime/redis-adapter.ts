import { createAdapter } from '@socket.io/redis-adapter';
import type { Server } from 'socket.io';
import { connectRedis } from '../../lib/redis';

/**
 * Shares rooms and broadcasts between server processes through Redis pub/sub. The key prefix
 * keeps separate deployments (and parallel test runs) on one Redis from hearing each other.
 *
 * Both connections are made before the adapter subscribes: a REDIS_URL that does not answer stops
 * the start with a clear message, and closing never cuts a subscription that is still in flight
 * (ioredis would reject it where nobody listens). Returns the function that closes both.
 */
export async function useRedisAdapter(
  io: Server,
  url: string,
  keyPrefix: string,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  const [pub, sub] = await Promise.allSettled([connectRedis(url, onError), connectRedis(url, onError)]);
  if (pub.status === 'rejected' || sub.status === 'rejected') {
    for (const c of [pub, sub]) if (c.status === 'fulfilled') c.value.disconnect();
    throw pub.status === 'rejected' ? pub.reason : (sub as PromiseRejectedResult).reason;
  }
  io.adapter(createAdapter(pub.value, sub.value, { key: keyPrefix }));
  return async () => {
    // Commands run in order: once this PING answers, every earlier (un)subscribe has too.
    await Promise.allSettled([pub.value.ping(), sub.value.ping()]);
    await Promise.allSettled([pub.value.quit(), sub.value.quit()]);
  };
}
