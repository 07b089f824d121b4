import type { Db } from '../../db/client';
import { BatchQueue } from '../../lib/batch-queue';
import { isUuid } from '../../lib/ids';
import { usersByIdsQuery } from '../users/users.repository';
import type { UserWithWorkspace } from '../users/user-entity';

/**
 * The user behind each authenticated request and socket handshake, read from the database every
 * time (a removed member is refused at once), but gathered (issue 14): the lookups that arrive
 * while one query runs share the next query. Each lookup's query starts after it was asked, so
 * what it reads is never older than the request. One instance per process (app.ctx).
 */
export class SessionUsers {
  private readonly queue: BatchQueue<string, UserWithWorkspace | null>;

  constructor(db: Db) {
    const usersByIds = usersByIdsQuery(db);
    this.queue = new BatchQueue(async (ids) => {
      const found = new Map((await usersByIds([...new Set(ids)])).map((u) => [u.id, u]));
      return ids.map((id) => found.get(id) ?? null);
    });
  }

  /** Null for an unknown or malformed id (PostgreSQL would answer a uuid syntax error instead). */
  byId(id: string): Promise<UserWithWorkspace | null> {
    return isUuid(id) ? this.queue.submit(id) : Promise.resolve(null);
  }
}
