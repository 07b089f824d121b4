import type { Db } from '../../db/client';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import { BoundedMap } from '../../lib/bounded-map';
import { isUuid } from '../../lib/ids';
import { usersByIdsQuery } from '../users/users.repository';
import type { UserWithWorkspace } from '../users/user-entity';

/** ~1 KiB each: 20 MiB at most, past which the users read longest ago are forgotten. */
const MAX_KNOWN = 20_000;

/**
 * The user behind each authenticated request and socket handshake, read from the database every
 * time (a removed member is refused at once), but gathered: the lookups that arrive
 * while one query runs share the next query. Each lookup's query starts after it was asked, so
 * what it reads is never older than the request. One instance per process (app.ctx).
 */
export class SessionUsers {
  private readonly queue: BatchQueue<string, UserWithWorkspace | null>;
  /** The last fresh read of each user, for the routes that confirm it themselves (cachedById). */
  private readonly known = new BoundedMap<string, UserWithWorkspace>(MAX_KNOWN);

  constructor(db: Db) {
    const usersByIds = usersByIdsQuery(db);
    // Under load the next query waits 10 ms (WAVE_BATCHING) and takes them all: a reconnection wave reads
    // thousands of users within seconds. A lone request never waits.
    this.queue = new BatchQueue(async (ids) => {
      const found = new Map((await usersByIds([...new Set(ids)])).map((u) => [u.id, u]));
      return ids.map((id) => found.get(id) ?? null);
    }, WAVE_BATCHING);
  }

  /** Null for an unknown or malformed id (PostgreSQL would answer a uuid syntax error instead). */
  async byId(id: string): Promise<UserWithWorkspace | null> {
    if (!isUuid(id)) return null;
    const user = await this.queue.submit(id);
    if (user) this.known.set(id, user);
    else this.known.delete(id);
    return user;
  }

  /**
   * The user as this process last read it, possibly stale (a fresh read when unknown). Only for a
   * caller that confirms what it relies on where it writes, as the send does (author-guard.ts).
   */
  cachedById(id: string): Promise<UserWithWorkspace | null> {
    return Promise.resolve(this.known.get(id) ?? this.byId(id));
  }
}
