import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Engine = 'pglite' | 'postgres';

/** What services use: the query builder common to both drivers, so no code depends on the engine. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of its data directory (a gzipped tar, taken between queries),
   * for backups while the server runs. PostgreSQL is backed up with pg_dump.
   */
  dumpDataDir?: () => Promise<Uint8Array>;
  /** PGlite only: what autovacuum does for PostgreSQL (statistics, the search index's pending list); also runs on a timer. */
  upkeep?: () => Promise<void>;
  /** PGlite only: the server's logger, for the failures of the timed upkeep (stderr until then). */
  logTo?: (log: WarnLog) => void;
}

/** The part of the server's (pino) logger the database writes to. */
export interface WarnLog {
  warn(fields: object, message: string): void;
}
