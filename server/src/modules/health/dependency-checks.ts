import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/types';

// Checks for GET /api/health: one cheap round trip each, given up after a short time, so that a
// load balancer polling a process whose database or Redis hangs gets its answer anyway.

export type DependencyStatus = 'ok' | 'down';

/** How long a dependency may take to answer a health check before it counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

async function within(ms: number, check: () => Promise<unknown>): Promise<DependencyStatus> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<DependencyStatus>((resolve) => {
    timer = setTimeout(() => resolve('down'), ms);
  });
  const answered = check().then(
    (): DependencyStatus => 'ok',
    (): DependencyStatus => 'down',
  );
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const checkDatabase = (db: Db, ms = HEALTH_CHECK_TIMEOUT_MS) => within(ms, () => db.execute(sql`SELECT 1`));

/**
 * A PING, only on a connection that is up: ioredis queues commands while it reconnects, and a
 * health check must neither wait for that nor pile up PINGs behind it.
 */
export const checkRedis = (redis: Redis, ms = HEALTH_CHECK_TIMEOUT_MS): Promise<DependencyStatus> =>
  redis.status === 'ready' ? within(ms, () => redis.ping()) : Promise.resolve('down');
