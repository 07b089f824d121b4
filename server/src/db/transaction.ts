import type { Db } from './types';

/**
 * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
 * The transaction is handed over as a Db, the type every repository takes, so the same query
 * functions serve inside and outside a transaction. No cast is needed: drizzle's transaction
 * object is a PgDatabase of the same schema, that is a Db.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
