import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../test/harness';
import { DescribedOnceClient } from './described-once';
import { probe, probeTableSql } from '../test/probe-table';

// described-once.ts on a real PostgreSQL: a named statement is described on its first execution
// per connection only, and every execution still returns the rows a plain pg client returns.


describe.runIf(testDatabaseUrl())('DescribedOnceClient', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: pg.Pool;
  let plain: pg.Pool;
  /** Portal descriptions sent per connection, counted on the wire (Connection.describe). */
  const describes = new Map<object, number>();

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl()!);
    pool = new pg.Pool({ connectionString: scratch.url, max: 2, Client: DescribedOnceClient });
    plain = new pg.Pool({ connectionString: scratch.url, max: 1 });
    pool.on('connect', (client) => {
      const connection = (client as unknown as { connection: { describe: (...args: unknown[]) => void } }).connection;
      const original = connection.describe.bind(connection);
      connection.describe = (...args) => {
        describes.set(client, (describes.get(client) ?? 0) + 1);
        original(...args);
      };
    });
    await plain.query(probeTableSql(', UNIQUE (body)'));
  });
  afterAll(async () => {
    await pool?.end();
    await plain?.end();
    await scratch?.drop();
  });

  const insert = (db: NodePgDatabase) =>
    db
      .insert(probe)
      .values({ body: sql.placeholder('body'), tags: sql.placeholder('tags'), n: sql.placeholder('n') })
      .onConflictDoNothing()
      .returning()
      .prepare('probe_insert');

  it('describes a named statement once per connection; rows, types and conflicts stay as pg gives them', async () => {
    const client = await pool.connect();
    try {
      const db = drizzle({ client });
      const reference = drizzle({ client: plain });
      const stmt = insert(db);
      const rows = [];
      for (let i = 0; i < 5; i++) rows.push(...(await stmt.execute({ body: `m${i}`, tags: [`t${i}`, 'x'], n: 2 ** 40 + i })));
      expect(describes.get(client)).toBe(1);
      expect(rows.map((r) => r.body)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
      expect(rows[4]).toMatchObject({ tags: ['t4', 'x'], n: 2 ** 40 + 4 });
      expect(rows[4]!.at).toBeInstanceOf(Date);
      const stored = await reference.select().from(probe).orderBy(probe.id);
      expect(rows).toEqual(stored);

      // A conflict (no row) and an error, then the statement again on the same connection.
      expect(await stmt.execute({ body: 'm0', tags: [], n: null })).toEqual([]);
      await expect(client.query({ name: 'probe_bad', text: 'SELECT 1 / $1::int AS q' }, [0])).rejects.toThrow(/division by zero/);
      const again = await stmt.execute({ body: 'm5', tags: [], n: null });
      expect(again).toEqual([expect.objectContaining({ body: 'm5', tags: [], n: null })]);
      // Another named statement: its own description, once.
      for (let i = 1; i <= 3; i++) {
        const { rows: q } = await client.query({ name: 'probe_div', text: 'SELECT 10 / $1::int AS q, now() AS t' }, [i]);
        expect(q).toEqual([{ q: Math.floor(10 / i), t: expect.any(Date) }]);
      }
      // probe_insert, probe_bad (its execution failed before any description came), probe_div.
      expect(describes.get(client)).toBe(3);
      // Unnamed queries are pg's own: described every time.
      await client.query('SELECT $1::int AS v', [1]);
      await client.query('SELECT $1::int AS v', [2]);
      expect(describes.get(client)).toBe(5);
    } finally {
      client.release();
    }
  });

  it('a new connection describes again, and the pool path (a callback) returns the same rows', async () => {
    const [a, b] = [await pool.connect(), await pool.connect()];
    try {
      const config = { name: 'probe_count', text: 'SELECT count(*)::int AS c, $1::text AS tag FROM probe' };
      const count = (c: object) => describes.get(c) ?? 0;
      const before = [count(a), count(b)];
      for (const client of [a, b, a, b, a]) expect((await client.query(config, ['x'])).rows).toEqual([{ c: 6, tag: 'x' }]);
      // Once on each connection, whichever described it first.
      expect([count(a) - before[0]!, count(b) - before[1]!]).toEqual([1, 1]);
    } finally {
      a.release();
      b.release();
    }
    // pool.query hands the client a callback (pg-pool), the path of every query outside a transaction.
    const viaPool = await pool.query({ name: 'probe_count', text: 'SELECT count(*)::int AS c, $1::text AS tag FROM probe' }, ['z']);
    expect(viaPool.rows).toEqual([{ c: 6, tag: 'z' }]);
  });
});
