import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface LastSeen {
  userId: string;
  at: Date;
}

/**
 * Stores when each user's last socket closed, for any number of users in one statement (a process
 * that shuts down reports all of its users at once). A later time never loses to an earlier one
 * written after it.
 */
export async function storeLastSeen(db: Db, seen: readonly LastSeen[]): Promise<void> {
  if (seen.length === 0) return;
  const rows = JSON.stringify(seen.map((s) => ({ id: s.userId, at: s.at.toISOString() })));
  await db.execute(sql`
    UPDATE users SET last_seen_at = seen.at
    FROM (SELECT id, max(at) AS at FROM json_to_recordset(${rows}::json) AS r(id uuid, at timestamptz) GROUP BY id) AS seen
    WHERE users.id = seen.id AND (users.last_seen_at IS NULL OR users.last_seen_at < seen.at)`);
}
