import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../../config/paths';
import * as schema from '../schema';
import type { Database, Db } from '../types';

/** Arbitrary constant shared by every server process: only one migrates (and bootstraps) at a time. */
export const STARTUP_LOCK_KEY = 727_001;

/** Runs migrations on one dedicated connection holding a session advisory lock. */
async function migrateExclusively(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function openPostgres(connectionString: string): Promise<Database> {
  await migrateExclusively(connectionString);
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    engine: 'postgres',
    close: () => pool.end(),
  };
}
