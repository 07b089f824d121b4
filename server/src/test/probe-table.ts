import { sql } from 'drizzle-orm';
import { bigint, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A small table with the column kinds whose parsing the database tests check (text, timestamptz, arrays, bigint). */
export const probe = pgTable('probe', {
  id: serial('id').primaryKey(),
  body: text('body').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  n: bigint('n', { mode: 'number' }),
});

/** Its DDL; `extra` adds constraints. */
export const probeTableSql = (extra = '') =>
  `CREATE TABLE probe (id serial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL DEFAULT now(),
    tags text[] NOT NULL DEFAULT '{}', n bigint${extra})`;
