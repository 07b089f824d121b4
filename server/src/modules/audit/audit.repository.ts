import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditFilter } from '@chat/contracts';
import type { Db } from '../../db/client';
import { auditLog, users, workspaces } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filter as SQL; `workspaceId` is the scope the caller may read (null: every workspace, ROOT). */
export function auditWhere(filter: AuditFilter, scope: string | null, beforeSeq?: number): SQL | undefined {
  const workspaceId = scope ?? filter.workspaceId;
  return and(
    workspaceId === undefined ? undefined : eq(auditLog.workspaceId, workspaceId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.actorId === undefined ? undefined : eq(auditLog.actorId, filter.actorId),
    filter.from === undefined ? undefined : gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)),
    filter.to === undefined ? undefined : lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)),
    beforeSeq === undefined ? undefined : lt(auditLog.seq, beforeSeq),
  );
}

const actors = alias(users, 'actor');
const targets = alias(users, 'target');

/** Entries newest first, with the names they point at as they are now. */
export async function readEntries(db: Db, where: SQL | undefined, limit: number): Promise<Array<AuditEntry & { seq: number }>> {
  const rows = await db
    .select({
      entry: auditLog,
      actorName: actors.name,
      targetName: targets.name,
      workspaceName: workspaces.name,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(targets, eq(targets.id, auditLog.targetUserId))
    .leftJoin(workspaces, eq(workspaces.id, auditLog.workspaceId))
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(limit);
  return rows.map(({ entry, actorName, targetName, workspaceName }) => ({
    seq: entry.seq,
    id: entry.id,
    action: entry.action,
    workspace: entry.workspaceId ? { id: entry.workspaceId, name: workspaceName ?? '' } : null,
    actor: entry.actorId ? { id: entry.actorId, name: actorName ?? '' } : null,
    target: entry.targetUserId ? { id: entry.targetUserId, name: targetName ?? '' } : null,
    details: entry.details,
    ip: entry.ip,
    createdAt: entry.createdAt.toISOString(),
  }));
}
