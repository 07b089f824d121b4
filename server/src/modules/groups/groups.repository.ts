import { and, asc, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatListPage } from '@chat/contracts';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/queries/once-per-db';
import { rowsByViewer } from '../../db/queries/rows-by-viewer';
import { groupMembers, groupReceiptMarks, type GroupRow, groups, messages, neoCustomData, users, workspaces } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { containsFolded, foldedContains } from '../../lib/search';
import { lastMessageColumns, lastMessageLateral } from '../messages/last-message';
import type { LastMessageFields } from '../messages/message-entity';
import type { UserWithWorkspace } from '../users/user-entity';
import { toUserWithWorkspace, userWithWorkspaceColumns } from '../users/users.repository';
import { groupUnreadCounts } from './group-unread';

export interface GroupSummaryRow {
  group: GroupRow;
  last: LastMessageFields | null;
}

export type MemberRow = UserWithWorkspace & { groupId: string; isAdmin: boolean };

/** A user's own membership row: whether they belong to a group, and their state of it. */
const viewerMembership = alias(groupMembers, 'gm_viewer');

/** `userId` is a member of the group of the outer query. */
export function hasMember(db: Db, userId: string): SQL {
  const gm = viewerMembership;
  return exists(
    db
      .select({ one: sql`1` })
      .from(gm)
      .where(and(eq(gm.groupId, groups.id), eq(gm.userId, userId))),
  );
}

export const groupIdIs = (id: string) => eq(groups.id, id);

/** Groups matching `where` with their last message, most recent activity first. */
export function groupSummaries(db: Db, where: SQL | undefined): Promise<GroupSummaryRow[]> {
  const lm = lastMessageLateral(db, 'group', groups.id);
  return db
    .select({
      group: groups,
      last: lastMessageColumns(lm),
    })
    .from(groups)
    .leftJoinLateral(lm, sql`true`)
    .where(where)
    .orderBy(...activityOrder(lm));
}

/**
 * One page of the viewer's groups (keyset on last activity, then id, newest first), as
 * groupSummaries gives them; the viewer's state of each is read for the page's groups apart
 * (viewerGroupStates). Activity to the millisecond, as conversationPage says.
 */
export function groupPage(db: Db, viewerId: string, page: ChatListPage) {
  const gm = viewerMembership;
  const lm = lastMessageLateral(db, 'group', groups.id);
  const activity = sql`date_trunc('milliseconds', coalesce(${lm.createdAt}, ${groups.createdAt}))`;
  const query = db
    .select({ group: groups, last: lastMessageColumns(lm) })
    .from(gm)
    .innerJoin(groups, eq(groups.id, gm.groupId))
    .leftJoinLateral(lm, sql`true`)
    .where(
      and(
        eq(gm.userId, viewerId),
        page.before
          ? sql`(${activity}, ${groups.id}) < (${page.before.at.toISOString()}::timestamptz, ${page.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(activity), desc(groups.id));
  return page.limit === null ? query : query.limit(page.limit);
}

/**
 * GET /group/list for several viewers in one statement, built once per database and prepared
 *: each viewer's groups as groupSummaries of hasMember gives them (same order), by
 * viewer. Every page asks its list when it opens and again after each reconnect (GroupLists
 * gathers a reconnection wave's asks).
 */
export function groupListsOf(db: Db, viewerIds: readonly string[]): Promise<Map<string, ListedGroupRow[]>> {
  return preparedLists(db)(viewerIds);
}

/** A group of a viewer's list, with the viewer's own state of it (what viewerGroupStates reads for one viewer). */
export type ListedGroupRow = GroupSummaryRow & { state: ViewerGroupState };

const preparedLists = oncePerDb((db) => {
  const viewer = sql<string>`v.viewer`;
  const gm = viewerMembership;
  const lm = lastMessageLateral(db, 'group', groups.id);
  // Each viewer probes group_members_user_id_idx; one row a group (the primary key), as hasMember.
  const prepared = db
    .select({ viewer, group: groups, last: lastMessageColumns(lm), ...viewerStateColumns(db, gm, viewer) })
    .from(sql`unnest(${sql.placeholder('viewers')}::uuid[]) as v(viewer)`)
    .innerJoin(gm, eq(gm.userId, viewer))
    .innerJoin(groups, eq(groups.id, gm.groupId))
    .leftJoinLateral(lm, sql`true`)
    .orderBy(...activityOrder(lm))
    .prepare('group_lists');
  return async (viewerIds: readonly string[]) => {
    const unique = [...new Set(viewerIds)];
    const rows = unique.length === 0 ? [] : await prepared.execute({ viewers: unique });
    return rowsByViewer(
      unique,
      rows.map(({ viewer: id, group, last, ...state }) => ({ viewer: id, group, last, state: toViewerGroupState(state) })),
    );
  };
});

/** Most recent activity first: the last message's time, or the group's creation. */
const activityOrder = (lm: ReturnType<typeof lastMessageLateral>) =>
  [desc(sql`coalesce(${lm.createdAt}, ${groups.createdAt})`), desc(groups.id)] as const;

/** Search condition: the group's name, description or the words of one of its messages (a text, an image's caption). */
export function groupMatches(db: Db, term: string): SQL {
  const found = alias(messages, 'found');
  return or(
    containsFolded(groups.name, term),
    containsFolded(groups.description, term),
    exists(
      db
        .select({ one: sql`1` })
        .from(found)
        .where(and(eq(found.groupId, groups.id), isNull(found.deletedAt), foldedContains(found.bodyFolded, term))),
    ),
  )!;
}

/**
 * Active members of the given groups (admins first, then by name), as users with their workspace.
 * A removed member's row stays (their messages keep an author) but no longer shows as a member.
 */
export async function membersOf(db: Db, groupIds: readonly string[], where?: SQL): Promise<MemberRow[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ groupId: groupMembers.groupId, isAdmin: groupMembers.isAdmin, ...userWithWorkspaceColumns })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(neoCustomData, eq(neoCustomData.id, users.neoCustomDataId))
    .where(and(inArray(groupMembers.groupId, [...groupIds]), eq(users.active, true), where))
    .orderBy(desc(groupMembers.isAdmin), asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...toUserWithWorkspace(r), groupId: r.groupId, isAdmin: r.isAdmin }));
}

/** Member condition: one of these users. */
export const memberIdIn = (ids: readonly string[]) => inArray(users.id, [...ids]);

/** Member search condition: name, nickName or e-mail. */
export const memberMatches = (term: string) =>
  or(containsFolded(users.name, term), containsFolded(users.nickName, term), containsFolded(users.email, term))!;

export async function findMembership(db: Db, groupId: string, userId: string): Promise<{ isAdmin: boolean } | null> {
  const [row] = await db
    .select({ isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function memberIds(db: Db, groupId: string): Promise<string[]> {
  const rows = await db.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return rows.map((r) => r.userId);
}

/** The groups a user is a member of. */
export async function groupIdsOfMember(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ groupId: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  return rows.map((r) => r.groupId);
}

export interface NewGroup {
  workspaceId: string;
  name: string;
  description: string;
  createdById: string;
}

/** The group and its members in one transaction; the creator is its first admin. */
export function insertGroup(db: Db, group: NewGroup, otherMemberIds: readonly string[]): Promise<GroupRow> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(groups).values(group).returning();
    await tx
      .insert(groupMembers)
      .values([
        { groupId: row!.id, userId: group.createdById, isAdmin: true },
        ...otherMemberIds.map((userId) => ({ groupId: row!.id, userId, isAdmin: false })),
      ]);
    return row!;
  });
}

export async function updateGroup(db: Db, id: string, values: { name: string; description: string }): Promise<void> {
  await db.update(groups).set(values).where(eq(groups.id, id));
}

export async function setAdmin(db: Db, groupId: string, userId: string, isAdmin: boolean): Promise<void> {
  await db
    .update(groupMembers)
    .set({ isAdmin })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

/**
 * The membership goes, and with it the minutes of their receipts: added back later, their
 * watermarks start again at the group's floor, and old ranges would overlap the new ones.
 */
export async function removeMember(db: Db, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ userId: groupMembers.userId });
  if (rows.length > 0) {
    await db.delete(groupReceiptMarks).where(and(eq(groupReceiptMarks.groupId, groupId), eq(groupReceiptMarks.userId, userId)));
  }
  return rows.length > 0;
}

/**
 * What one member sees of their groups beyond the shared entity (silence, unread line, mentions).
 */
export interface ViewerGroupState {
  muted: boolean;
  /**
   * Messages of others after what the member has read, since they joined ('Mensagens não lidas'),
   * system lines aside.
   */
  unreadMessages: number;
  /** Those that mention the member (or '@todos'). */
  unreadMentions: number;
}

export async function viewerGroupStates(db: Db, viewerId: string, groupIds: readonly string[]): Promise<Map<string, ViewerGroupState>> {
  if (groupIds.length === 0) return new Map();
  const gm = viewerMembership;
  const rows = await db
    .select({ groupId: gm.groupId, ...viewerStateColumns(db, gm, sql`${viewerId}::uuid`) })
    .from(gm)
    .where(and(eq(gm.userId, viewerId), inArray(gm.groupId, [...groupIds])));
  return new Map(rows.map((r) => [r.groupId, toViewerGroupState(r)]));
}

export { UNREAD_COUNT_CAP } from './group-unread';

/**
 * The columns of a member's own state of a group, read off their membership row `gm`; `viewer` is
 * that member. The counts are groupUnreadCounts', in one array column.
 */
function viewerStateColumns(db: Db, gm: typeof viewerMembership, viewer: SQL) {
  const unread = groupUnreadCounts(db, gm, viewer);
  const counts = sql<number[]>`ARRAY[${unread.messages}, ${unread.mentions}]::int[]`;
  return { muted: gm.muted, counts };
}

const toViewerGroupState = (r: { muted: boolean; counts: number[] }): ViewerGroupState => ({
  muted: r.muted,
  unreadMessages: Number(r.counts[0]),
  unreadMentions: Number(r.counts[1]),
});

export async function setGroupMuted(db: Db, groupId: string, userId: string, muted: boolean): Promise<void> {
  await db
    .update(groupMembers)
    .set({ muted })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
}

/**
 * The member leaves; when they were its last active admin, the longest-standing active member
 * left becomes admin, so a group is never left without one. The group's row stays locked from
 * the check to the promotion: two last admins leaving at once are taken one after the other.
 * Answers whether they were a member, and who was promoted.
 */
export function leaveGroup(db: Db, groupId: string, userId: string): Promise<{ left: boolean; promotedId: string | null }> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
    const membership = await findMembership(tx, groupId, userId);
    if (!membership || !(await removeMember(tx, groupId, userId))) return { left: false, promotedId: null };
    if (!membership.isAdmin) return { left: true, promotedId: null };
    const active = and(eq(groupMembers.groupId, groupId), eq(users.active, true));
    const [admin] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(active, eq(groupMembers.isAdmin, true)))
      .limit(1);
    if (admin) return { left: true, promotedId: null };
    const [oldest] = await tx
      .select({ userId: groupMembers.userId })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(active)
      .orderBy(asc(groupMembers.createdAt), asc(groupMembers.userId))
      .limit(1);
    if (oldest) await setAdmin(tx, groupId, oldest.userId, true);
    return { left: true, promotedId: oldest?.userId ?? null };
  });
}

export async function groupNameOf(db: Db, groupId: string): Promise<string | null> {
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
  return row?.name ?? null;
}

export async function setGroupPhoto(db: Db, groupId: string, avatarUrl: string | null): Promise<void> {
  await db.update(groups).set({ avatarUrl }).where(eq(groups.id, groupId));
}
