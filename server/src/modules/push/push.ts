import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { RevokedSessions } from '../auth/revoked-sessions';
import type { Presence } from '../realtime/presence';
import { PushNotifier } from './push-notifier';
import { PushSender } from './push-sender';
import { MemoryPushedChats, RedisPushedChats } from './pushed-chats';
import { deleteSubscriptionsOfSessions } from './push-subscriptions.repository';
import { resolveVapidKeys } from './vapid-keys';

/** Web Push as the rest of the server sees it (app.ctx.push). */
export interface Push {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  notifier: PushNotifier;
  close(): Promise<void>;
}

export interface PushOptions {
  /** The certificate authority push services are checked against instead of Node's (tests: their local service's certificate). */
  ca?: string;
  /** The waits between attempts after a 429 or 5xx (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

export function createPush(
  deps: {
    env: Env;
    db: Db;
    /** Shared by the processes (REDIS_URL): which chats were pushed to whom. */
    redis: Redis | null;
    presence: Presence;
    revokedSessions: RevokedSessions;
    log: FastifyBaseLogger;
    now: () => Date;
  },
  options: PushOptions = {},
): Push {
  const { env, db, redis, presence, revokedSessions, log, now } = deps;
  const keys = resolveVapidKeys(env);
  const sender = new PushSender({ db, keys, log, ca: options.ca, retryDelaysMs: options.retryDelaysMs });
  const pushed = redis ? new RedisPushedChats(redis, env.redisKeyPrefix) : new MemoryPushedChats();
  const notifier = new PushNotifier({ db, presence, sender, pushed, log, now });
  // A session that ends takes its device's subscription with it. Every process hears of it;
  // the sends also skip (and remove) the subscriptions of ended sessions, so one that is missed
  // here never receives anything.
  const stop = revokedSessions.onEnded((sessionIds) => {
    deleteSubscriptionsOfSessions(db, sessionIds).catch((error: unknown) => log.error({ err: error }, 'push: falha ao remover inscrições'));
  });
  return {
    publicKey: keys.publicKey,
    notifier,
    async close() {
      stop();
      sender.close();
      await notifier.settled();
      sender.destroy();
    },
  };
}
