import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as schema from '../../db/schema';

// Every row of every table of the schema, as JSON text, so a proof can say "nothing of A changed"
// without a list of tables to keep up to date: a table added to the schema is snapshotted too.

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Table name -> its rows (JSON, sorted) that mention any of `marks` (ids of one workspace). */
export async function snapshotRows(app: FastifyInstance, marks: readonly string[]): Promise<Map<string, string[]>> {
  const snapshot = new Map<string, string[]>();
  for (const table of tables) {
    const rows = (await app.ctx.db.select().from(table)) as unknown[];
    const text = rows.map((row) => JSON.stringify(row)).filter((json) => marks.some((mark) => json.includes(mark)));
    snapshot.set(getTableName(table), text.sort());
  }
  return snapshot;
}

/** "table: +row" / "table: -row" for every difference; empty when equal. */
export function diffSnapshots(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  const changes: string[] = [];
  for (const [name, rows] of after) {
    const old = new Set(before.get(name) ?? []);
    const now = new Set(rows);
    for (const row of rows) if (!old.has(row)) changes.push(`${name}: +${row}`);
    for (const row of old) if (!now.has(row)) changes.push(`${name}: -${row}`);
  }
  return changes;
}

export const tableCount = () => tables.length;
