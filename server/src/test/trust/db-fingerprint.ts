import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as schema from '../../db/schema';

// One hash of every row of every table, in one query: cheap enough to take before and after each
// request of a property run, so "a refused request changed nothing" is checked request by request.

const names = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable)).map((t) => getTableName(t));
const query = sql.raw(
  `SELECT ${names.map((n) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${n}" x)`).join(' || ')} AS fingerprint`,
);

export async function dbFingerprint(app: FastifyInstance): Promise<string> {
  const result = (await app.ctx.db.execute(query)) as unknown as { rows: Array<{ fingerprint: string }> };
  return result.rows[0]!.fingerprint;
}
