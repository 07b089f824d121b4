import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { connectRedis } from '../../lib/redis';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import { markDeliveredToManyQuery } from '../messages/messages.repository';
import { type LastSeen, storeLastSeen } from '../users/last-seen.repository';
import type { ChatEvents } from './chat-events';
import { deliverGroupMessages } from './group-receipts';
import { Presence } from './presence';
import type { ReceiptNotices } from './receipt-notices';
import { MemoryPresenceStore, type PresenceStore } from './presence-store';
import { RedisPresenceStore } from './redis-presence-store';

/**
 * Presence counted in Redis when processes share it (REDIS_URL), else in memory. A user who comes
 * online first gets their waiting conversation messages marked DELIVERED (and their group
 * messages delivered), then is announced. The users who come online while those two
 * statements run for others wait and go together in the next pair (after a restart
 * thousands reconnect within seconds, and two round trips each held the wave back); a lone user
 * waits for nobody. Under load the next pair also waits 10 ms (WAVE_BATCHING) for more to gather.
 * Who goes offline has the time stored the same way, gathered into one statement.
 */
export async function createPresence(deps: {
  env: Env;
  db: Db;
  events: ChatEvents;
  notices: ReceiptNotices;
  log: FastifyBaseLogger;
}): Promise<Presence> {
  const { env, db, events, notices, log } = deps;
  let store: PresenceStore;
  if (env.redisUrl) {
    const onError = (error: Error) => log.error({ err: error }, 'redis (presence)');
    // Auto-pipelined: every connect and disconnect runs a script here.
    const redis = await connectRedis(env.redisUrl, onError, { autoPipelining: true });
    store = await new RedisPresenceStore(redis, env.redisKeyPrefix, { onError, quitOnClose: true }).start().catch((error: unknown) => {
      redis.disconnect();
      throw error;
    });
  } else {
    store = new MemoryPresenceStore();
  }
  const markDeliveredTo = markDeliveredToManyQuery(db);
  const delivery = new BatchQueue<string, void>(async (userIds) => {
    await markDeliveredTo(userIds);
    await deliverGroupMessages({ db, notices }, userIds);
    return userIds.map(() => undefined);
  }, WAVE_BATCHING);
  const lastSeen = new BatchQueue<LastSeen, void>(async (seen) => {
    await storeLastSeen(db, seen);
    return seen.map(() => undefined);
  }, WAVE_BATCHING);
  return new Presence(
    store,
    events,
    log,
    (userId) => delivery.submit(userId),
    (userId, at) => lastSeen.submit({ userId, at }),
  );
}
