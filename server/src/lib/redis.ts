import { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A connected ioredis client. Connecting eagerly makes a REDIS_URL that does not answer stop the
 * start with a clear message instead of failing on the first command. ioredis reconnects by
 * itself afterwards; `onError` receives its errors (an unhandled 'error' would kill the process).
 */
export async function connectRedis(
  url: string,
  onError: (error: Error) => void,
  options: { autoPipelining?: boolean } = {},
): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // The commands issued in one tick leave in one write (ioredis keeps their order): for the
    // connections that send one command per socket event, thousands of them in a reconnection wave.
    enableAutoPipelining: options.autoPipelining ?? false,
  });
  client.on('error', onError);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw redisUnreachable(url, error);
  }
  return client;
}

export const redisUnreachable = (url: string, error: unknown) =>
  new Error(`Redis inacessível em ${new URL(url).host} (REDIS_URL): ${(error as Error).message}`);
