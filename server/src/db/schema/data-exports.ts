import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES } from '@chat/contracts';
import { users, workspaces } from './index';

// 'Baixar meus dados' (modules/account-data) and the ADMIN's export of a workspace
// (modules/workspace-export): one row per export asked for. The row is the job: any process may take a pending one, or a running one whose lease lapsed (its process
// died), so an export survives a restart and runs on one process at a time.
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set for a workspace's export (user_id is then the ADMIN who asked); null for a person's own.
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    // Until when the process building it owns it; it renews the lease while it writes.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    // The download link's end (ready + 24 hours); the file is removed after it.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // One export at a time per person, and one per workspace, even under two concurrent requests;
    // an ADMIN may have both at once.
    uniqueIndex('data_exports_active_user_key')
      .on(t.userId)
      .where(sql`${t.status} IN ('pending', 'running') AND ${t.workspaceId} IS NULL`),
    uniqueIndex('data_exports_active_workspace_key')
      .on(t.workspaceId)
      .where(sql`${t.status} IN ('pending', 'running') AND ${t.workspaceId} IS NOT NULL`),
    index('data_exports_user_id_idx').on(t.userId),
    index('data_exports_status_idx').on(t.status),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
