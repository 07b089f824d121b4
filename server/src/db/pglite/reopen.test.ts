import { cpSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDiskFull } from '../../lib/db-errors';
import { mountSmallFilesystem, type SmallFilesystem, smallFilesystemUnavailable } from '../../test/small-filesystem';
import { openPglite } from './open';
import type { Database } from '../types';

// What ends a PGlite instance on a full disk, for real: a checkpoint that cannot write its files is
// a PANIC, after which that instance answers every statement with an empty result. The server's
// database must refuse instead (507), open a new instance once space is back, and lose nothing.

const unavailable = smallFilesystemUnavailable();
const count = async (database: Database) => {
  const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM lost_and_found`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]?.n;
};

describe.skipIf(unavailable)(`a PGlite instance lost on a full disk (${unavailable ?? 'tmpfs'})`, () => {
  let fs: SmallFilesystem;
  let database: Database | null = null;
  const open = () => openPglite({ dataDir: path.join(fs.dir, 'data'), dataDirLabel: 'data', durability: 'strict' });

  beforeAll(async () => {
    fs = mountSmallFilesystem(96);
    const template = inject('pgliteTemplate');
    if (template) cpSync(path.join(template, 'pglite'), path.join(fs.dir, 'data', 'pglite'), { recursive: true });
    database = await open();
  });

  afterAll(async () => {
    try {
      fs?.unfill();
      await database?.close();
    } finally {
      fs?.remove();
    }
  });

  it('refuses every statement as disk full, reopens by itself once space is back, and keeps what was committed', async () => {
    await database!.db.execute(sql`CREATE TABLE lost_and_found (n int NOT NULL)`);
    await database!.db.execute(sql`INSERT INTO lost_and_found SELECT generate_series(1, 10)`);

    fs.fill();
    // A read waits behind the checkpoint, as requests do under load: it must never reach the lost
    // instance, where it would hang the thread.
    const refusal = (error: unknown) => error;
    const [panic, queued] = await Promise.all([
      database!.db.execute(sql`CHECKPOINT`).then(() => null, refusal),
      database!.db.execute(sql`SELECT count(*)::int AS n FROM lost_and_found`).then(() => null, refusal),
    ]);
    expect(isDiskFull(panic)).toBe(true);
    expect(isDiskFull(queued)).toBe(true);
    // The lost instance would answer with no row at all: refused instead, reads and writes alike.
    for (const statement of [sql`SELECT count(*)::int AS n FROM lost_and_found`, sql`INSERT INTO lost_and_found VALUES (11)`]) {
      const error = await database!.db.execute(statement).then(() => null, refusal);
      expect(isDiskFull(error)).toBe(true);
    }

    fs.unfill();
    const deadline = Date.now() + 10_000;
    let n: number | undefined;
    while (n === undefined && Date.now() < deadline) {
      n = await count(database!).catch(() => undefined);
      if (n === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(n).toBe(10);
    await database!.db.execute(sql`INSERT INTO lost_and_found VALUES (11)`);

    await database!.close();
    database = await open();
    expect(await count(database)).toBe(11);
  });
});
