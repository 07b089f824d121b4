import type { SQL } from 'drizzle-orm';
import type { Db } from '../types';

/**
 * Runs a hand-written statement and returns its rows. Both drivers answer `{ rows }`, but Db is
 * typed over the result shape common to both, which leaves execute's answer unknown: the shape is
 * stated here, once, instead of at each call.
 */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
