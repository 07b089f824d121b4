import { sql } from 'drizzle-orm';
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
      const result = (await tx.execute(sql.raw(`EXPLAIN EXECUTE plan_probe${execute}`))) as unknown as { rows: Array<Record<string, string>> };
      return result.rows.map((row) => Object.values(row).join('')).join('\n');
    } finally {
      await tx.execute(sql.raw('DEALLOCATE plan_probe'));
    }
  });
}
