import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  auditLog,
  conversations,
  groups,
  invites,
  mediaUploads,
  messages,
  refreshTokens,
  sessions,
  users,
  workspaceSso,
} from '../../db/schema';

// The rows of one workspace, read and deleted a batch at a time. Each call is one short statement
// (no transaction around the whole deletion), so neither engine is held for long; a run cut off
// anywhere starts again from what is left.

const membersOf = (db: Db, workspaceId: string) => db.select({ id: users.id }).from(users).where(eq(users.workspaceId, workspaceId));

/** Files stored for the workspace, or by its members. */
const uploadsWhere = (db: Db, workspaceId: string) =>
  or(eq(mediaUploads.workspaceId, workspaceId), inArray(mediaUploads.uploaderId, membersOf(db, workspaceId)));

/** What there is to delete, counted once at the start: the job's progress is out of this. */
export async function countItems(db: Db, workspaceId: string): Promise<number> {
  const count = sql<number>`count(*)::int`;
  const [[inGroups], [inConversations], [files], [groupRows], [memberRows], [entries]] = await Promise.all([
    db.select({ n: count }).from(messages).innerJoin(groups, eq(groups.id, messages.groupId)).where(eq(groups.workspaceId, workspaceId)),
    db
      .select({ n: count })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(users, eq(users.id, conversations.userOneId))
      .where(eq(users.workspaceId, workspaceId)),
    db.select({ n: count }).from(mediaUploads).where(uploadsWhere(db, workspaceId)),
    db.select({ n: count }).from(groups).where(eq(groups.workspaceId, workspaceId)),
    db.select({ n: count }).from(users).where(eq(users.workspaceId, workspaceId)),
    db.select({ n: count }).from(auditLog).where(eq(auditLog.workspaceId, workspaceId)),
  ]);
  return [inGroups, inConversations, files, groupRows, memberRows, entries].reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
}

/** Up to `limit` stored files of the workspace. */
export async function uploadBatch(db: Db, workspaceId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(uploadsWhere(db, workspaceId))
    .orderBy(asc(mediaUploads.key))
    .limit(limit);
  return rows.map((r) => r.key);
}

export async function forgetUploads(db: Db, keys: string[]): Promise<void> {
  await db.delete(mediaUploads).where(inArray(mediaUploads.key, keys));
}

/** Deletes up to `limit` groups (with their members, read marks and webhooks; their messages went first). */
export async function deleteGroupBatch(db: Db, workspaceId: string, limit: number): Promise<number> {
  const batch = db.select({ id: groups.id }).from(groups).where(eq(groups.workspaceId, workspaceId)).limit(limit);
  const deleted = await db.delete(groups).where(inArray(groups.id, batch)).returning({ id: groups.id });
  return deleted.length;
}

/** Up to `limit` members (any state) of the workspace. */
export async function memberBatch(db: Db, workspaceId: string, limit: number): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.workspaceId, workspaceId)).orderBy(asc(users.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** Deletes these members with everything that only described them (sessions, keys, settings, conversations). */
export async function deleteMembers(db: Db, ids: string[]): Promise<number> {
  const deleted = await db.delete(users).where(inArray(users.id, ids)).returning({ id: users.id });
  return deleted.length;
}

/** Deletes up to `limit` of the workspace's own activity log entries. */
export async function deleteAuditBatch(db: Db, workspaceId: string, limit: number): Promise<number> {
  const batch = db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.workspaceId, workspaceId)).limit(limit);
  const deleted = await db.delete(auditLog).where(inArray(auditLog.id, batch)).returning({ id: auditLog.id });
  return deleted.length;
}

/**
 * The first step, when ROOT asks: nobody of the workspace can sign in or renew a session any more
 * (sign-in, renewal, sockets and API keys all require an active account), every session ends, and
 * no account can be made in it any more (its invitations and company sign-in go now).
 * Set-based statements, however many members there are. The ids of the sessions ended.
 */
export async function shutOutMembers(db: Db, workspaceId: string, now: Date): Promise<string[]> {
  await db.delete(invites).where(eq(invites.workspaceId, workspaceId));
  await db.delete(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
  await db.update(users).set({ active: false }).where(eq(users.workspaceId, workspaceId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.userId, membersOf(db, workspaceId)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(refreshTokens.userId, membersOf(db, workspaceId)), isNull(refreshTokens.revokedAt)));
  return ended.map((s) => s.id);
}
