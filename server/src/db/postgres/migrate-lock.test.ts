import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../config/paths';
import { createScratchDatabase, testDatabaseUrl } from '../../test/harness';
import type { Database } from '../types';
import { openPostgres, STARTUP_LOCK_KEY } from './open';

// Several processes started at once on one PostgreSQL (a deploy, a rolling upgrade) migrate one at
// a time: each waits for the session advisory lock, and the ones after the first find nothing
// left to apply. PostgreSQL only (PGlite is one process, its data directory locked).

const adminUrl = testDatabaseUrl();
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
const opened: Database[] = [];

beforeAll(async () => {
  if (adminUrl) scratch = await createScratchDatabase(adminUrl);
});

afterAll(async () => {
  for (const database of opened) await database.close();
  await scratch?.drop();
});

describe.skipIf(!adminUrl)('migrations under the advisory lock', () => {
  it('wait while another process holds the lock, then run once however many processes start together', async () => {
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    let done = 0;
    const starting = [openPostgres(scratch.url), openPostgres(scratch.url), openPostgres(scratch.url)].map((p) =>
      p.then((database) => {
        opened.push(database);
        done++;
        return database;
      }),
    );
    await sleep(500);
    const { rows: before } = await holder.query<{ exists: boolean }>("SELECT to_regclass('public.messages') IS NOT NULL AS exists");
    expect(done).toBe(0);
    expect(before[0]!.exists).toBe(false);
    await holder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    await Promise.all(starting);

    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const { rows } = await holder.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(journal.entries.length);
    await holder.end();
  }, 60_000);
});
