import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WORKSPACE_DELETION_STATUSES } from '@chat/contracts';
import { workspaces } from './index';

// ROOT's deletion of a workspace (modules/workspace-deletion). The row is both the mark that the
// workspace is going (it stays until the workspace row itself goes) and the job: any process may
// take a pending one, or a running one whose lease lapsed (its process died), so a deletion
// survives a restart and runs on one process at a time. Once done, the row keeps only counts.
export const workspaceDeletions = pgTable(
  'workspace_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null once the workspace row is gone (the job's last step).
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    status: text('status', { enum: WORKSPACE_DELETION_STATUSES }).notNull().default('pending'),
    // Who asked and from where, for the activity log's entry written when it is done. No foreign
    // key: like the log, it outlives the people it names.
    requestedById: uuid('requested_by_id'),
    requestedFromIp: text('requested_from_ip'),
    // Items (messages, files, groups, members, log entries) deleted so far, of those counted at the start.
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One deletion per workspace, even under two concurrent requests.
    uniqueIndex('workspace_deletions_workspace_key').on(t.workspaceId),
    index('workspace_deletions_status_idx').on(t.status),
  ],
);

export type WorkspaceDeletionRow = typeof workspaceDeletions.$inferSelect;
