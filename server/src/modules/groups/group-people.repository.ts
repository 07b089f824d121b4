import { and, asc, count, eq, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, neoCustomData, users, workspaces } from '../../db/schema';
import type { UserWithWorkspace } from '../users/user-entity';
import { toUserWithWorkspace, userWithWorkspaceColumns } from '../users/users.repository';
import { memberMatches, type MemberRow } from './groups.repository';

// The paged lists of people of a group: its members, and the users who may join it.

export interface Page<T> {
  rows: T[];
  /** The keys of the last row when more follow. */
  next: unknown[] | null;
  total: number;
}

/**
 * One page of a group's active members: the viewer first, then admins, then by name (the keys
 * ascend in that order, so a page starts after the previous page's last keys).
 */
export async function memberPage(
  db: Db,
  groupId: string,
  viewerId: string,
  { content, after, limit }: { content: string; after: unknown[] | null; limit: number },
): Promise<Page<MemberRow>> {
  const notMe = sql<boolean>`(${groupMembers.userId} <> ${viewerId})`;
  const notAdmin = sql<boolean>`(not ${groupMembers.isAdmin})`;
  const where = and(eq(groupMembers.groupId, groupId), eq(users.active, true), content ? memberMatches(content) : undefined);
  const afterKeys = after
    ? sql`(${notMe}, ${notAdmin}, ${users.name}, ${users.id}) > (${after[0]}::boolean, ${after[1]}::boolean, ${after[2]}::text, ${after[3]}::uuid)`
    : undefined;
  const rows = await db
    .select({ groupId: groupMembers.groupId, isAdmin: groupMembers.isAdmin, notMe, notAdmin, ...userWithWorkspaceColumns })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(neoCustomData, eq(neoCustomData.id, users.neoCustomDataId))
    .where(and(where, afterKeys))
    .orderBy(notMe, notAdmin, asc(users.name), asc(users.id))
    .limit(limit + 1);
  const [total] = await db.select({ n: count() }).from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId)).where(where);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((r) => ({ ...toUserWithWorkspace(r), groupId: r.groupId, isAdmin: r.isAdmin })),
    next: rows.length > limit && last ? [last.notMe, last.notAdmin, last.user.name, last.user.id] : null,
    total: Number(total?.n ?? 0),
  };
}

/** Active users of the workspace other than the viewer, not in `groupId` when given, matching `content`. */
function candidatesWhere(db: Db, viewer: { id: string; workspaceId: string }, groupId: string | undefined, content: string): SQL {
  const gm = groupMembers;
  return and(
    eq(users.workspaceId, viewer.workspaceId),
    eq(users.active, true),
    ne(users.id, viewer.id),
    content ? memberMatches(content) : undefined,
    groupId
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(gm)
            .where(and(eq(gm.groupId, groupId), eq(gm.userId, users.id))),
        )
      : undefined,
  )!;
}

/** One page of candidates, by name. */
export async function candidatePage(
  db: Db,
  viewer: { id: string; workspaceId: string },
  { groupId, content, after, limit }: { groupId?: string; content: string; after: unknown[] | null; limit: number },
): Promise<Page<UserWithWorkspace>> {
  const where = candidatesWhere(db, viewer, groupId, content);
  const afterKeys = after ? sql`(${users.name}, ${users.id}) > (${after[0]}::text, ${after[1]}::uuid)` : undefined;
  const rows = await db
    .select(userWithWorkspaceColumns)
    .from(users)
    .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(neoCustomData, eq(neoCustomData.id, users.neoCustomDataId))
    .where(and(where, afterKeys))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit + 1);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(toUserWithWorkspace),
    next: rows.length > limit && last ? [last.user.name, last.user.id] : null,
    total: Number(total?.n ?? 0),
  };
}

/** Every candidate's id, by name, at most `max`. */
export async function candidateIds(
  db: Db,
  viewer: { id: string; workspaceId: string },
  groupId: string | undefined,
  content: string,
  max: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(candidatesWhere(db, viewer, groupId, content))
    .orderBy(asc(users.name), asc(users.id))
    .limit(max);
  return rows.map((r) => r.id);
}

/** Active users of the workspace whose e-mail (any case) is one of `emails` (given in lower case). */
export async function usersByEmails(db: Db, workspaceId: string, emails: readonly string[]): Promise<UserWithWorkspace[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select(userWithWorkspaceColumns)
    .from(users)
    .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(neoCustomData, eq(neoCustomData.id, users.neoCustomDataId))
    .where(and(eq(users.workspaceId, workspaceId), eq(users.active, true), inArray(sql`lower(${users.email})`, [...emails])))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(toUserWithWorkspace);
}

/** Which of `userIds` are members of the group. */
export async function membersAmong(db: Db, groupId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, [...userIds])));
  return new Set(rows.map((r) => r.userId));
}
