import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

const CONNECT_TIMEOUT_MS = 10_000;

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
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS });
  const sub = pub.duplicate();
  // ioredis reconnects (and resubscribes) by itself; an unhandled 'error' event would kill the process.
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Redis inacessível em ${new URL(url).host} (REDIS_URL): ${(error as Error).message}`);
  }
  io.adapter(createAdapter(pub, sub, { key: keyPrefix }));
  return async () => {
    // Commands run in order: once this PING answers, every earlier (un)subscribe has too.
    await Promise.allSettled([pub.ping(), sub.ping()]);
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}
