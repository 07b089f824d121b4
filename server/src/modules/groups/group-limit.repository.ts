import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { groupLimitMessage } from '@chat/contracts';
import type { Db } from '../../db/client';
import { groupMembers, groups, users, workspaces } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conflict } from '../../lib/errors';

/** The member limit of a workspace's groups (ROOT sets it per workspace). */
export async function groupMemberLimitOf(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ limit: workspaces.groupMemberLimit }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.limit ?? 0;
}

/** 409 with the limit's one message when `size` members would not fit. */
export function requireWithinLimit(size: number, limit: number): void {
  if (size > limit) throw conflict(groupLimitMessage(limit));
}

/**
 * Adds who is not a member yet, within the workspace's limit, and returns the ids actually added.
 * The group's row stays locked from the count to the insert: two adds at once are counted one
 * after the other, so together they cannot pass the limit either. A new member's watermarks start
 * at the group's read floor (the lowest read watermark of its active members): what everyone had
 * read stays READ, what was still awaited awaits them too, and no later read of theirs walks the
 * history below it.
 */
export function addMembersWithinLimit(db: Db, groupId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return inTransaction(db, async (tx) => {
    const [group] = await tx
      .select({ limit: workspaces.groupMemberLimit })
      .from(groups)
      .innerJoin(workspaces, eq(workspaces.id, groups.workspaceId))
      .where(eq(groups.id, groupId))
      .for('update', { of: groups });
    if (!group) return [];
    const existing = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...userIds])));
    const already = new Set(existing.map((r) => r.userId));
    const fresh = userIds.filter((id) => !already.has(id));
    if (fresh.length === 0) return [];
    const [active] = await tx
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, groupId), eq(users.active, true)));
    requireWithinLimit(Number(active?.n ?? 0) + fresh.length, group.limit);
    const floor = sql`(SELECT coalesce(min(gm.read_seq), 0) FROM group_members gm JOIN users u ON u.id = gm.user_id AND u.active WHERE gm.group_id = ${groupId}::uuid)`;
    const rows = await tx
      .insert(groupMembers)
      .values(fresh.map((userId) => ({ groupId, userId, readSeq: floor, deliveredSeq: floor })))
      .onConflictDoNothing()
      .returning({ userId: groupMembers.userId });
    return rows.map((r) => r.userId);
  });
}
