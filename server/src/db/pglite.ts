import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../config/paths';
import { acquireDataDirLock } from './data-dir-lock';
import { DurableNodeFS } from './durable-node-fs';
import * as schema from './schema';
import type { Database, Db } from './types';

export interface PgliteOptions {
  dataDir: string;
  /** DATA_DIR as configured, for the "already in use" message. */
  dataDirLabel: string;
  /** 'strict': an acknowledged commit is on the disk (see Env.dbDurability). */
  durability: 'strict' | 'fast';
}

/**
 * PGlite's own defaults include `-F` (fsync off). Strict drops it and, since Emscripten's
 * fdatasync is a no-op, has the WAL flushed with fsync (made real by DurableNodeFS);
 * synchronous_commit=on (PostgreSQL's default, stated for the reader) makes a commit wait for it.
 */
export function pgliteStartParams(durability: 'strict' | 'fast'): string[] {
  // 16 MB of shared buffers instead of 128 MB keeps a laptop-sized server about 100 MB lighter (DESIGN section 5).
  const common = ['-c', 'shared_buffers=16MB'];
  if (durability === 'fast') return [...PGlite.defaultStartParams, ...common];
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    ...common,
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=on',
  ];
}

/** Extensions the migrations create (0005: pg_trgm for the message search index). */
export const pgliteExtensions = { pg_trgm };

/**
 * Embedded PostgreSQL (WASM) persisted under DATA_DIR/pglite. The data-dir lock is taken before
 * opening it, since a second process would open the same files without complaint.
 */
export async function openPglite({ dataDir, dataDirLabel, durability }: PgliteOptions): Promise<Database> {
  const lock = acquireDataDirLock(dataDir, dataDirLabel);
  let client: PGlite | undefined;
  try {
    const pgliteDir = path.join(dataDir, 'pglite');
    client = await PGlite.create({
      dataDir: pgliteDir,
      ...(durability === 'strict' ? { fs: new DurableNodeFS(pgliteDir) } : {}),
      // startParams replaces the defaults, so they are repeated there.
      startParams: pgliteStartParams(durability),
      extensions: pgliteExtensions,
    });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    const opened = client;
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      async dumpDataDir() {
        return new Uint8Array(await (await opened.dumpDataDir('gzip')).arrayBuffer());
      },
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
