import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../config/paths';
import { freeBytes } from '../../lib/disk-space';
import * as schema from '../schema';
import type { Database, Db } from '../types';
import { acquireDataDirLock } from './data-dir-lock';
import { type PgliteDurability, pgliteStorage } from './durability';
import { ReopeningPglite } from './reopen';
import { pgliteUpkeep } from './upkeep';

export interface PgliteOptions {
  dataDir: string;
  /** DATA_DIR as configured, for the "already in use" message. */
  dataDirLabel: string;
  durability: PgliteDurability;
  /** Free space DATA_DIR needs before a lost instance is reopened (Env.dataDirMinFreeBytes); one WAL segment at least. */
  minFreeBytes?: number;
}

/** PostgreSQL's WAL segment: recovery may have to create the next one. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024;
const REOPEN_EVERY_MS = 1000;

/** PGlite runs no autovacuum: the server does the jobs that searches and the churned tables depend on, now and then. */
const UPKEEP_FIRST_MS = 10_000;
const UPKEEP_EVERY_MS = 10 * 60_000;

/** Extensions the migrations create (0005: pg_trgm for the message search index). */
export const pgliteExtensions = { pg_trgm };

/**
 * Embedded PostgreSQL (WASM) persisted under DATA_DIR/pglite. The data-dir lock is taken before
 * opening it, since a second process would open the same files without complaint.
 */
export async function openPglite({ dataDir, dataDirLabel, durability, minFreeBytes = 0 }: PgliteOptions): Promise<Database> {
  const lock = acquireDataDirLock(dataDir, dataDirLabel);
  let client: PGlite | undefined;
  try {
    const pgliteDir = path.join(dataDir, 'pglite');
    const create = () => PGlite.create({ dataDir: pgliteDir, ...pgliteStorage(pgliteDir, durability), extensions: pgliteExtensions });
    client = await create();
    const reopenAt = Math.max(minFreeBytes, WAL_SEGMENT_BYTES);
    const opened = new ReopeningPglite(client, {
      open: create,
      canReopen: () => (freeBytes(dataDir) ?? 0) >= reopenAt,
      retryMs: REOPEN_EVERY_MS,
      // Before the server's logger exists and after it: the two events an operator must see.
      onLost: (error) =>
        console.error(`PGlite perdeu a instância (${describeLoss(error)}); reabre quando DATA_DIR tiver ${reopenAt >> 20} MB livres`),
      onReopened: (ms) => console.error(`PGlite reaberto em ${Math.round(ms)} ms`),
    });
    // drizzle's PGlite session calls only query() and transaction(), which ReopeningPglite forwards.
    const db = drizzle({ client: opened as unknown as PGlite, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    let upkeepRun: Promise<void> | null = null;
    const upkeep = () => (upkeepRun ??= pgliteUpkeep(opened).finally(() => (upkeepRun = null)));
    // A failure is logged and left for the next pass: the upkeep only makes searches faster.
    // Before the server hands over its logger (logTo), it goes to stderr.
    let reportUpkeepFailure = (error: unknown) => console.error(`PGlite: falha na manutenção (${describeLoss(error)})`);
    const tick = () => void upkeep().catch((error: unknown) => reportUpkeepFailure(error));
    let timer: NodeJS.Timeout = setTimeout(() => {
      tick();
      timer = setInterval(tick, UPKEEP_EVERY_MS).unref();
    }, UPKEEP_FIRST_MS).unref();
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      upkeep,
      logTo(log) {
        reportUpkeepFailure = (error) => log.warn({ err: error }, 'PGlite: falha na manutenção; tenta de novo na próxima passada');
      },
      async dumpDataDir() {
        return new Uint8Array(await (await opened.current.dumpDataDir('gzip')).arrayBuffer());
      },
      async close() {
        clearTimeout(timer);
        clearInterval(timer);
        try {
          await upkeepRun?.catch(() => undefined);
          await opened.close();
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

function describeLoss(error: unknown): string {
  const { code, severity, message } = (error ?? {}) as { code?: unknown; severity?: unknown; message?: unknown };
  return [severity, code, message].filter((part) => typeof part === 'string').join(' ');
}
