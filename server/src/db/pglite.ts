import { fsyncSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Env } from '../config/env';
import { migrationsFolder } from '../config/paths';
import { freeBytes } from '../lib/disk-space';
import { acquireDataDirLock } from './data-dir-lock';
import { PgliteNodeFS } from './pglite-node-fs';
import { ReopeningPglite } from './pglite-reopen';
import { PgliteStatements } from './pglite-statements';
import * as schema from './schema';
import type { Database, Db } from './types';

/** Whether an acknowledged commit is on the disk: the server's DB_DURABILITY (Env.dbDurability). */
export type PgliteDurability = Env['dbDurability'];

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

/**
 * PGlite's own defaults include `-F` (fsync off). Strict drops it and, since Emscripten's
 * fdatasync is a no-op, has the WAL flushed with fsync (made real by PgliteNodeFS);
 * synchronous_commit=on (PostgreSQL's default, stated for the reader) makes a commit wait for it.
 */
export function pgliteStartParams(durability: PgliteDurability): string[] {
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

/**
 * The file system and start parameters of one durability, which belong together (fsync made real
 * with -F dropped, or neither): for the server and for the load harness's durable floor.
 */
export function pgliteStorage(pgliteDir: string, durability: PgliteDurability): { fs: PgliteNodeFS; startParams: string[] } {
  return {
    // fast: NODEFS's fsync stays the no-op it is, as PGlite's -F asks.
    fs: new PgliteNodeFS(pgliteDir, durability === 'strict' ? fsyncSync : null),
    // startParams replaces the defaults, so they are repeated there.
    startParams: pgliteStartParams(durability),
  };
}

/** PGlite runs no autovacuum: the server does its two jobs that searches depend on, now and then. */
const UPKEEP_FIRST_MS = 10_000;
const UPKEEP_EVERY_MS = 10 * 60_000;

/**
 * The app's tables that autovacuum would ANALYZE now: never analyzed, or whose file grew by more
 * than a tenth (autovacuum_analyze_scale_factor) since the last ANALYZE recorded its size in
 * relpages. Growth stands in for PostgreSQL's count of changed rows, which single-user PGlite
 * neither keeps up to date nor saves (pg_stat_user_tables stays at 0); with no VACUUM, updated rows
 * grow the file too. regclass::text quotes the name as ANALYZE needs it.
 */
const STALE_TABLES = `
  SELECT c.oid::regclass::text AS name FROM pg_class c
  WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
    AND (c.reltuples < 0 OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 1)`;

/**
 * What PostgreSQL's autovacuum would do for the message search (issue 16): planner statistics
 * (without them a frequent word read every match: seconds at 100,000 messages), and the trigram
 * index's pending list moved into the index (new rows' trigrams wait there, up to 4 MB, and
 * every search reads all of it).
 *
 * Each statement holds the server's only thread while it runs (issue 14), so the pass does what
 * autovacuum would and no more: only tables that changed enough (a plain ANALYZE also read every
 * system catalog: 90-150 ms of a frozen server at each pass on an empty database, 400-530 ms with
 * 100,000 messages, 3/12), one statement per table so that waiting requests run in between.
 * ANALYZE samples at most 30,000 rows a table (~300 ms for the messages at 100,000), and the
 * pending list is cleaned each pass (30-50 ms after 1,000-20,000 new messages).
 */
export async function pgliteUpkeep(client: Pick<PGlite, 'query' | 'exec'>): Promise<void> {
  const { rows } = await client.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) await client.exec(`ANALYZE ${name}`);
  await client.query("SELECT gin_clean_pending_list('messages_body_folded_trgm_idx')");
}

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
    const statements = new PgliteStatements(client);
    const reopenAt = Math.max(minFreeBytes, WAL_SEGMENT_BYTES);
    const opened = new ReopeningPglite(client, {
      open: async () => {
        const pg = await create();
        // Takes over the new instance's query(), as the first one did, with the names learnt.
        statements.on(pg);
        return pg;
      },
      canReopen: () => (freeBytes(dataDir) ?? 0) >= reopenAt,
      retryMs: REOPEN_EVERY_MS,
      // Before the server's logger exists and after it: the two events an operator must see.
      onLost: (error) => console.error(`PGlite perdeu a instância (${describeLoss(error)}); reabre quando DATA_DIR tiver ${reopenAt >> 20} MB livres`),
      onReopened: (ms) => console.error(`PGlite reaberto em ${Math.round(ms)} ms`),
    });
    // drizzle's PGlite session calls only query() and transaction(), which ReopeningPglite forwards.
    const db = drizzle({ client: opened as unknown as PGlite, schema });
    statements.learnNamesFrom(db._.session);
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
