import { createAdapter } from '@socket.io/redis-adapter';
import { connectRedis } from '../../lib/redis';
import type { WriteBatcher } from './chat-events';
import type { RealtimeServer } from './handshake';

export interface RedisAdapterHandle {
  close: () => Promise<void>;
  inOneWrite: WriteBatcher;
}

/**
 * Shares rooms and broadcasts between server processes through Redis pub/sub, with
 * @socket.io/redis-adapter as it ships: every broadcast is published. The key prefix keeps separate
 * deployments (and parallel test runs) on one Redis from hearing each other.
 *
 * Both connections are made before the adapter subscribes: a REDIS_URL that does not answer stops
 * the start with a clear message, and closing never cuts a subscription that is still in flight
 * (ioredis would reject it where nobody listens).
 *
 * `onResubscribed` runs each time the subscriber connection came back after a drop and has
 * subscribed again: whatever the other processes published meanwhile may never have reached this
 * one (redis pub/sub keeps nothing for a subscriber that is away).
 */
export async function useRedisAdapter(
  io: RealtimeServer,
  url: string,
  keyPrefix: string,
  handlers: { onError: (error: Error) => void; onResubscribed: () => void },
): Promise<RedisAdapterHandle> {
  const { onError, onResubscribed } = handlers;
  // The publisher is auto-pipelined: each presence announcement is one PUBLISH, and a reconnection
  // wave announces thousands within a few ticks.
  const [pub, sub] = await Promise.allSettled([connectRedis(url, onError, { autoPipelining: true }), connectRedis(url, onError)]);
  if (pub.status === 'rejected' || sub.status === 'rejected') {
    for (const c of [pub, sub]) if (c.status === 'fulfilled') c.value.disconnect();
    throw pub.status === 'rejected' ? pub.reason : (sub as PromiseRejectedResult).reason;
  }
  const [publisher, subscriber] = [pub.value, sub.value];
  io.adapter(createAdapter(publisher, subscriber, { key: keyPrefix }));

  // ioredis emits 'ready' (a tick after it set the status) once it has written the SUBSCRIBE and
  // PSUBSCRIBE of the adapter's channels again on the new connection. A PING written now follows
  // them, and Redis answers in order: when it answers, every channel is subscribed again.
  let closing = false;
  subscriber.on('ready', () => {
    void subscriber.ping().then(() => {
      if (!closing) onResubscribed();
    }, onError);
  });

  // The adapter publishes once per emit, synchronously (RedisAdapter.broadcast): with the
  // publisher's socket corked, the PUBLISH commands of a batch leave in one write.
  const inOneWrite: WriteBatcher = (fn) => {
    const socket = publisher.status === 'ready' ? publisher.stream : null;
    if (!socket) return fn();
    socket.cork();
    try {
      return fn();
    } finally {
      socket.uncork();
    }
  };
  const close = async () => {
    closing = true;
    // Commands run in order: once this PING answers, every earlier (un)subscribe has too.
    await Promise.allSettled([publisher.ping(), subscriber.ping()]);
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
  return { close, inOneWrite };
}
