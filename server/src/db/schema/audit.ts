import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AuditAction } from '@chat/contracts';
import { workspaces } from './index';
import { createdAt } from './columns';

// The activity log (modules/audit) and the retention settings it reports on.

// Append-only: rows are written by audit.record() and leave only when older than the period ROOT
// sets. No foreign keys: an entry outlives the people and the workspace it names (a deleted
// workspace's deletion is itself an entry), and names are read from the live rows when shown.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Insertion order: the pages' cursor (timestamps of one transaction tie).
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    // Null for what concerns no workspace (ROOT's own API key): only ROOT reads those.
    workspaceId: uuid('workspace_id'),
    // Null when the server acted by itself (a retention run).
    actorId: uuid('actor_id'),
    action: text('action').$type<AuditAction>().notNull(),
    targetUserId: uuid('target_user_id'),
    // What changed, as names of fields and counts; never a password, token or message text.
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_workspace_seq_idx').on(t.workspaceId, t.seq),
    index('audit_log_actor_seq_idx').on(t.actorId, t.seq),
    index('audit_log_seq_idx').on(t.seq),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
);

// Instance-wide settings of the log: one row (id 1), the defaults while it is absent.
export const auditSettings = pgTable(
  'audit_settings',
  {
    id: integer('id').primaryKey().default(1),
    retentionDays: integer('retention_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('audit_settings_one_row', sql`${t.id} = 1`)],
);

// A workspace's retention policy (its ADMIN sets it); absent means keep everything.
export const workspaceRetention = pgTable('workspace_retention', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  messageRetentionDays: integer('message_retention_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// When each periodic job last started: a process claims a run by moving this forward in one
// statement, so of several processes only one runs it.
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

export type AuditLogRow = typeof auditLog.$inferSelect;
