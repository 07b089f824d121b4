import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './types';

const dialect = new PgDialect();

/**
 * A hand-written statement run as a named prepared statement. `db.execute` sends it
 * unnamed, so PostgreSQL parses, analyses and plans it again on every call: for the group commit's
 * INSERT from a JSON parameter that was a large share of its time (docs/desempenho.md, Medidas por
 * trás do código). Named, each connection parses it once. The text must not change
 * between calls: only the placeholders' values do. On PGlite too (pglite-statements.ts).
 *
 * Works inside a transaction too: the statement runs on whatever session `db` is (the transaction's
 * client, or the pool's).
 */
export function namedStatement<Row>(name: string, query: SQL): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const compiled = dialect.sqlToQuery(query);
  return async (db, values) => {
    const result = await db._.session.prepareQuery(compiled, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
