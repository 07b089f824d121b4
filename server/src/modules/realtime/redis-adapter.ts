import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Namespace, Server } from 'socket.io';
import { connectRedis } from '../../lib/redis';
import type { WriteBatcher } from './chat-events';
import { ownEchoSkippingParser } from './own-echo-parser';
import { PeerProcesses } from './peer-processes';

/**
 * Shares rooms and broadcasts between server processes through Redis pub/sub. The key prefix
 * keeps separate deployments (and parallel test runs) on one Redis from hearing each other.
 *
 * Both connections are made before the adapter subscribes: a REDIS_URL that does not answer stops
 * the start with a clear message, and closing never cuts a subscription that is still in flight
 * (ioredis would reject it where nobody listens). Returns the function that closes both,
 * inOneWrite (ChatEvents.inOneWrite), and joinPeers, to await once the namespaces exist and before
 * the server listens: broadcasts stay in this process while no other one shares the deployment
 * (peer-processes.ts).
 */
export async function useRedisAdapter(
  io: Server,
  url: string,
  keyPrefix: string,
  onError: (error: Error) => void,
): Promise<{ close: () => Promise<void>; inOneWrite: WriteBatcher; joinPeers: () => Promise<void> }> {
  // The publisher is auto-pipelined (issue 14): each presence announcement is one PUBLISH, and a
  // reconnection wave announces thousands within a few ticks.
  const [pub, sub] = await Promise.allSettled([connectRedis(url, onError, { autoPipelining: true }), connectRedis(url, onError)]);
  if (pub.status === 'rejected' || sub.status === 'rejected') {
    for (const c of [pub, sub]) if (c.status === 'fulfilled') c.value.disconnect();
    throw pub.status === 'rejected' ? pub.reason : (sub as PromiseRejectedResult).reason;
  }
  // Its own broadcasts come back from Redis: the parser spares decoding them (own-echo-parser.ts).
  const peers = new PeerProcesses(pub.value, sub.value, `${keyPrefix}-processes`, onError);
  const options = { key: keyPrefix, parser: ownEchoSkippingParser() };
  const [publisher, subscriber] = [pub.value, sub.value];
  io.adapter(
    class extends RedisAdapter {
      constructor(nsp: Namespace) {
        super(nsp, publisher, subscriber, options);
      }

      // The adapter skips Redis for a broadcast flagged local and delivers it here only.
      override broadcast(...[packet, opts]: Parameters<RedisAdapter['broadcast']>): void {
        super.broadcast(packet, peers.isAlone ? { ...opts, flags: { ...opts.flags, local: true } } : opts);
      }
    },
  );
  // The adapter publishes once per emit, synchronously (RedisAdapter.broadcast): with the
  // publisher's socket corked, the PUBLISH commands of a batch leave in one write (issue 14).
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
    peers.stop();
    // Commands run in order: once this PING answers, every earlier (un)subscribe has too.
    await Promise.allSettled([pub.value.ping(), sub.value.ping()]);
    await Promise.allSettled([pub.value.quit(), sub.value.quit()]);
  };
  return { close, inOneWrite, joinPeers: () => peers.start() };
}
