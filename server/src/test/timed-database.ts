import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { pgliteExtensions } from '../db/pglite/open';
import { pgliteStorage } from '../db/pglite/durability';
import * as schema from '../db/schema';
import type { Db } from '../db/types';
import { testDatabaseUrl } from './harness';
import { createScratchDatabase } from './scratch-database';

// A migrated database of the suite's engine whose every statement is timed where the driver runs
// it: PostgreSQL through pg's documented `Client` option of the pool (each connection a client
// that times its queries), PGlite through the two calls drizzle makes (query and transaction).
// The product's code does not see it: it gets an ordinary Db.

export interface StatementTime {
  sql: string;
  /** Wall-clock time from the call to the answer. */
  ms: number;
  /**
   * The CPU time the process running the statement spent on it: this process for PGlite (which
   * runs it on this very thread), the connection's backend for a PostgreSQL on this machine (read
   * from /proc, in clock ticks). How long the statement held the database, without the time a
   * busy machine gave to other processes; null when it cannot be read (a remote server).
   */
  cpuMs: number | null;
}

export interface TimedDatabase {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Every statement since the last clear, in order. */
  times: StatementTime[];
  close(): Promise<void>;
}

/** Linux's clock ticks per second, in which /proc reports CPU time. */
const TICK_MS = 10;

/** utime + stime of a process on this machine, in ms; null when /proc does not show it. */
function processCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // The fields after the command name (which is in parentheses and may hold spaces).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : typeof query === 'object' && query && 'text' in query ? String(query.text) : '?';

export async function openTimedDatabase(): Promise<TimedDatabase> {
  const times: StatementTime[] = [];
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, inject('postgresTemplate'));
    class TimedClient extends pg.Client {
      // Both of pg's forms: the pool's own query() calls its client with a callback, a
      // transaction's client is awaited.
      override query(...args: unknown[]): never {
        const started = performance.now();
        // The backend's process id, which pg's client keeps for cancel requests.
        const backend = (this as unknown as { processID?: number }).processID;
        const cpuBefore = processCpuMs(backend);
        const done = () => {
          const cpuAfter = processCpuMs(backend);
          const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
          times.push({ sql: textOf(args[0]), ms: performance.now() - started, cpuMs });
        };
        const last = args[args.length - 1];
        if (typeof last === 'function') {
          args[args.length - 1] = (...results: unknown[]) => {
            done();
            return (last as (...r: unknown[]) => unknown)(...results);
          };
        }
        const result = (super.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise) return result.finally(done) as never;
        return result as never;
      }
    }
    const pool = new pg.Pool({ connectionString: scratch.url, max: 4, Client: TimedClient });
    pool.on('error', () => undefined);
    return {
      db: drizzlePostgres({ client: pool, schema }) as unknown as Db,
      engine: 'postgres',
      times,
      close: async () => {
        await pool.end();
        await scratch.drop();
      },
    };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-timed-'));
  const template = inject('pgliteTemplate');
  if (template) cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  const pgliteDir = path.join(dir, 'pglite');
  const client = await PGlite.create({ dataDir: pgliteDir, ...pgliteStorage(pgliteDir, 'fast'), extensions: pgliteExtensions });
  const timed = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      return await run();
    } finally {
      const used = process.cpuUsage(cpu);
      times.push({ sql: text, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    }
  };
  const timedTx = (tx: Transaction) => ({
    query: (text: string, params?: unknown[], options?: QueryOptions) => timed(text, () => tx.query(text, params, options)),
    exec: (text: string) => timed(text, () => tx.exec(text)),
    rollback: () => tx.rollback(),
    get closed() {
      return tx.closed;
    },
  });
  const wrapper = {
    query: (text: string, params?: unknown[], options?: QueryOptions) => timed(text, () => client.query(text, params, options)),
    exec: (text: string) => timed(text, () => client.exec(text)),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => client.transaction((tx) => fn(timedTx(tx) as unknown as Transaction)),
  };
  return {
    db: drizzlePglite({ client: wrapper as unknown as PGlite, schema }) as unknown as Db,
    engine: 'pglite',
    times,
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
