import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { connectRedis } from '../../lib/redis';
import { markDeliveredToQuery } from '../messages/messages.repository';
import type { ChatEvents } from './chat-events';
import { deliverGroupMessages } from './group-receipts';
import { Presence } from './presence';
import { MemoryPresenceStore, type PresenceStore } from './presence-store';
import { RedisPresenceStore } from './redis-presence-store';

/**
 * Presence counted in Redis when processes share it (REDIS_URL), else in memory. A user who comes
 * online first gets their waiting conversation messages marked DELIVERED (and their group
 * messages delivered, issue 15), then is announced.
 */
export async function createPresence(deps: { env: Env; db: Db; events: ChatEvents; log: FastifyBaseLogger }): Promise<Presence> {
  const { env, db, events, log } = deps;
  let store: PresenceStore;
  if (env.redisUrl) {
    const onError = (error: Error) => log.error({ err: error }, 'redis (presence)');
    const redis = await connectRedis(env.redisUrl, onError);
    store = await new RedisPresenceStore(redis, env.redisKeyPrefix, { onError, quitOnClose: true })
      .start()
      .catch((error: unknown) => {
        redis.disconnect();
        throw error;
      });
  } else {
    store = new MemoryPresenceStore();
  }
  const markDeliveredTo = markDeliveredToQuery(db);
  return new Presence(store, events, log, async (userId) => {
    await markDeliveredTo(userId);
    await deliverGroupMessages({ db, events }, userId);
  });
}
