import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../config/paths';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';
import type { Database, Db } from './types';

export interface PgliteOptions {
  dataDir: string;
  /** DATA_DIR as configured, for the "already in use" message. */
  dataDirLabel: string;
}

/**
 * Embedded PostgreSQL (WASM) persisted under DATA_DIR/pglite. The data-dir lock is taken before
 * opening it, since a second process would open the same files without complaint.
 */
export async function openPglite({ dataDir, dataDirLabel }: PgliteOptions): Promise<Database> {
  const lock = acquireDataDirLock(dataDir, dataDirLabel);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      // startParams replaces the defaults, so they are repeated; 16 MB of shared buffers instead
      // of 128 MB keeps a laptop-sized server about 100 MB lighter (DESIGN section 5).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    const opened = client;
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      async close() {
        try {
          if (!opened.closed) await opened.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}
