import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNullViolation } from '../lib/db-errors';
import { namedStatement } from './named-statement';
import { PgliteStatements } from './pglite-statements';
import type { Db } from './types';
import { probe, probeTableSql } from '../test/probe-table';

// The server's query() on PGlite: a statement prepared by name is parsed once, then
// bound and executed; every query's rows are what PGlite's own query() gives, which still runs
// whatever goes inside a transaction (the reference below). Its answers are read by pg-protocol.


let pg: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  pg = await PGlite.create();
  const statements = new PgliteStatements(pg);
  db = drizzle({ client: pg });
  statements.learnNamesFrom(db._.session);
  await pg.exec(probeTableSql());
});
afterAll(() => pg.close());

const byBody = namedStatement<{ id: number; body: string }>('probe_by_body', sql`SELECT id, body FROM ${probe} WHERE body = ${sql.placeholder('body')}`);
const prepared = async () => (await pg.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;
const insertNamed = () =>
  db
    .insert(probe)
    .values({ body: sql.placeholder('body'), tags: sql.placeholder('tags'), n: sql.placeholder('n') })
    .returning()
    .prepare('probe_insert');

describe('PgliteStatements', () => {
  it('a statement prepared by name is parsed once and then runs named; its rows, and an unnamed one\'s, are what PGlite\'s own query() gives', async () => {
    const insert = insertNamed();
    const named = await Promise.all([1, 2, 3].map((n) => insert.execute({ body: `nomeada ${n}`, tags: ['a', 'b'], n })));
    const [unnamed] = await db.insert(probe).values({ body: 'sem nome', tags: ['a', 'b'], n: 4 }).returning();
    // Inside a transaction the statement runs on PGlite's own query(): the reference.
    const [byPglite] = await db.transaction((tx) => tx.insert(probe).values({ body: 'pelo PGlite', tags: ['a', 'b'], n: 5 }).returning());

    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.statement).toMatch(/^insert into "probe"/);
    expect(named.map(([row]) => row!.body)).toEqual(['nomeada 1', 'nomeada 2', 'nomeada 3']);
    // Same parsing as the driver's: drizzle's timestamps, arrays, bigint in number mode.
    const shape = (row: typeof unnamed) => Object.entries(row!).map(([key, value]) => [key, Array.isArray(value) ? 'array' : typeof value]);
    expect(shape(named[0]![0])).toEqual(shape(byPglite));
    expect(shape(unnamed)).toEqual(shape(byPglite));
    // The caller's parsers over PGlite's, and PGlite's for the rest, as PGlite's own query() does.
    const read = 'SELECT at, tags, n FROM probe WHERE body = $1';
    const options = { parsers: { [types.TIMESTAMPTZ]: (value: string) => `texto ${value}` } };
    const ours = await pg.query<Record<string, unknown>>(read, ['nomeada 3'], options);
    const theirs = await pg.transaction((tx) => tx.query<Record<string, unknown>>(read, ['nomeada 3'], options));
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows[0]!.at).toMatch(/^texto /);
    expect(ours.fields).toEqual(theirs.fields);
    expect(named[2]![0]!.n).toBe(3);
    expect(named[0]![0]!.tags).toEqual(['a', 'b']);
    expect(new Date(named[0]![0]!.at).getTime()).not.toBeNaN();
  });

  it('namedStatement runs named too; an error is PostgreSQL\'s own and leaves the statement usable', async () => {
    expect(await byBody(db as unknown as Db, { body: 'nomeada 2' })).toEqual([{ id: expect.any(Number), body: 'nomeada 2' }]);
    expect((await prepared()).map((s) => s.statement)).toContainEqual(expect.stringMatching(/^SELECT id, body FROM "probe"/));

    const insert = insertNamed();
    const refused = await insert.execute({ body: null, tags: [], n: null }).catch((error: unknown) => error);
    expect(isNotNullViolation(refused, 'body')).toBe(true);
    const [after] = await insert.execute({ body: 'depois do erro', tags: [], n: null });
    expect(after!.body).toBe('depois do erro');
    // An unnamed statement that does not parse fails alone too.
    await expect(pg.query('SELEC 1')).rejects.toThrow(/syntax error/);
    expect((await pg.query<{ one: number }>('SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);
  });

  it('describes a statement once: its executions send no Describe, and a result with no rows or no result at all reads as PGlite reads it', async () => {
    /** The frontend messages of each protocol call: type byte, then a length that counts itself. */
    const sent: string[][] = [];
    const run = pg.execProtocolRawStream.bind(pg);
    pg.execProtocolRawStream = (message, options) => {
      const types: string[] = [];
      for (let at = 0; at < message.length; at += 1 + new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0)) types.push(String.fromCharCode(message[at]!));
      sent.push(types);
      return run(message, options);
    };
    try {
      const none = namedStatement<{ id: number; body: string }>('probe_none', sql`SELECT id, body FROM ${probe} WHERE body = ${sql.placeholder('body')} AND id < 0`);
      const touch = namedStatement('probe_touch', sql`UPDATE ${probe} SET n = n WHERE body = ${sql.placeholder('body')}`);
      for (let i = 0; i < 3; i++) {
        expect(await byBody(db as unknown as Db, { body: 'nomeada 1' })).toEqual([{ id: expect.any(Number), body: 'nomeada 1' }]);
        expect(await none(db as unknown as Db, { body: 'nomeada 1' })).toEqual([]);
        await touch(db as unknown as Db, { body: 'nomeada 1' });
      }
      // byBody was parsed by an earlier test; the two new ones once each (Parse, Describe, Sync).
      expect(sent.filter((types) => types.includes('P'))).toEqual([['P', 'D', 'S'], ['P', 'D', 'S']]);
      expect(sent.filter((types) => !types.includes('P'))).toEqual(Array(9).fill(['B', 'E', 'S']));
    } finally {
      pg.execProtocolRawStream = run;
    }
    // The same answers, fields included, as PGlite's own query() (which describes every portal).
    for (const [text, params] of [
      ['SELECT id, body, at FROM probe WHERE id < $1', [0]],
      ['SELECT id, body, at FROM probe WHERE body = $1', ['nomeada 2']],
      ['UPDATE probe SET n = n WHERE body = $1', ['nomeada 2']],
    ] as const) {
      const ours = await pg.query(text, [...params]);
      const theirs = await pg.transaction((tx) => tx.query(text, [...params]));
      expect(ours).toEqual(theirs);
    }
  });

  it('reads text as PGlite does: accents, emoji, empty strings and NULLs, in a result of many output chunks', async () => {
    const read = `SELECT g AS n, CASE WHEN g % 3 = 0 THEN NULL WHEN g % 3 = 1 THEN '' ELSE 'reunião 🎉 ' || repeat('ç', g % 50) END AS body
      FROM generate_series(1, 5000) g`;
    const ours = await pg.query<Record<string, unknown>>(read);
    const theirs = await pg.transaction((tx) => tx.query<Record<string, unknown>>(read));
    expect(ours.rows).toHaveLength(5000);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows.slice(0, 3)).toEqual([{ n: 1, body: '' }, { n: 2, body: 'reunião 🎉 çç' }, { n: 3, body: null }]);
  });

  it('inside a transaction a named text runs on the transaction (sees its rows); a named call outside waits for its end', async () => {
    const insert = insertNamed();
    let outsideDone = false;
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.insert(probe).values({ body: 'na transação', tags: [], n: null });
      outside = insert.execute({ body: 'de fora', tags: [], n: null }).then(() => (outsideDone = true));
      expect(await byBody(tx as unknown as Db, { body: 'na transação' })).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(outsideDone).toBe(false);
    });
    await outside;
    const rows = await db.select({ body: probe.body }).from(probe).where(sql`${probe.body} IN ('na transação', 'de fora')`);
    expect(rows.map((r) => r.body).sort()).toEqual(['de fora', 'na transação']);
  });
});
