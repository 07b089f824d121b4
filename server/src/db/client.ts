import type { Env } from '../config/env';
import { openPglite } from './pglite/open';
import { openPostgres } from './postgres/open';
import type { Database } from './types';

export type { Database, Db, Engine } from './types';

/**
 * Opens the database the environment asks for and brings its schema up to date:
 * PostgreSQL through `pg` with DATABASE_URL, else embedded PGlite under DATA_DIR.
 */
export function createDb(
  env: Pick<Env, 'databaseUrl' | 'dataDir' | 'dataDirLabel' | 'dbDurability'> & Partial<Pick<Env, 'dataDirMinFreeBytes'>>,
): Promise<Database> {
  return env.databaseUrl
    ? openPostgres(env.databaseUrl)
    : openPglite({
        dataDir: env.dataDir,
        dataDirLabel: env.dataDirLabel,
        durability: env.dbDurability,
        minFreeBytes: env.dataDirMinFreeBytes,
      });
}
