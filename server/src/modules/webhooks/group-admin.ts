import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { findMembership } from '../groups/groups.repository';
import { GROUP_NOT_FOUND, NOT_GROUP_ADMIN } from '../groups/group-views';

/** A group's integrations are its admins' to manage: 404 for a non-member (no existence leak), 403 for a member. */
export async function requireGroupAdmin(db: Db, groupId: string, userId: string): Promise<void> {
  const membership = await findMembership(db, groupId, userId);
  if (!membership) throw notFound(GROUP_NOT_FOUND);
  if (!membership.isAdmin) throw forbidden(NOT_GROUP_ADMIN);
}

/**
 * The member a webhook's message is stored under: whoever created (or last regenerated) it while
 * they are an active member, else an active admin of the group, else any active member; null for
 * a group with nobody left.
 */
export async function posterOf(db: Db, groupId: string, creatorId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(users.active, true)))
    .orderBy(desc(sql`${groupMembers.userId} = ${creatorId}`), desc(groupMembers.isAdmin), groupMembers.createdAt)
    .limit(1);
  return row?.id ?? null;
}
