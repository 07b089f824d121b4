import { is, Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The plan of `PREPARE plan_probe <prepare>` run as `EXPLAIN EXECUTE plan_probe<execute>`, as text,
 * with `settings` applied by SET LOCAL inside a transaction (nothing leaks to other tests; the
 * statement is deallocated). What a prepared statement of the product gets: custom or generic plans
 * (plan_cache_mode), a parameter rather than a value. Both engines.
 */
export async function preparedPlan(db: Db, prepare: string, execute: string, settings: Record<string, string>): Promise<string> {
  return db.transaction(async (tx) => {
    for (const [name, value] of Object.entries(settings)) await tx.execute(sql.raw(`SET LOCAL ${name} = ${value}`));
    await tx.execute(sql.raw(`PREPARE plan_probe ${prepare}`));
    try {
      const result = (await tx.execute(sql.raw(`EXPLAIN EXECUTE plan_probe${execute}`))) as unknown as {
        rows: Array<Record<string, string>>;
      };
      return result.rows.map((row) => Object.values(row).join('')).join('\n');
    } finally {
      await tx.execute(sql.raw('DEALLOCATE plan_probe'));
    }
  });
}

/** A statement as drizzle builds it for the product (a query builder, prepared or not). */
export interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}

/** SQL text of a parameter value for EXECUTE: a number as is, an array as `'{...}'`, anything else quoted. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return literal(`{${value.join(',')}}`);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

/**
 * The plan of one of the product's own statements, with its parameters as the product sends them:
 * drizzle's SQL text prepared as is, its values bound as parameters and each placeholder given
 * `placeholders[name]`. A test of a plan therefore follows the statement when it changes shape.
 */
export function statementPlan(
  db: Db,
  statement: Statement,
  placeholders: Record<string, unknown>,
  settings: Record<string, string>,
): Promise<string> {
  const { sql: text, params } = statement.toSQL();
  const args = params.map((param) => {
    if (!is(param, Placeholder)) return literal(param);
    if (!(param.name in placeholders)) throw new Error(`no value for the placeholder '${param.name}'`);
    return literal(placeholders[param.name]);
  });
  return preparedPlan(db, `AS ${text}`, args.length > 0 ? `(${args.join(', ')})` : '', settings);
}
