import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * Shares rooms and broadcasts between server processes through Redis pub/sub. The key prefix
 * keeps separate deployments (and parallel test runs) on one Redis from hearing each other.
 * Returns the function that closes both connections.
 */
export function useRedisAdapter(
  io: Server,
  url: string,
  keyPrefix: string,
  onError: (error: Error) => void,
): () => Promise<void> {
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  // ioredis reconnects by itself; an unhandled 'error' event would kill the process instead.
  pub.on('error', onError);
  sub.on('error', onError);
  io.adapter(createAdapter(pub, sub, { key: keyPrefix }));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}
