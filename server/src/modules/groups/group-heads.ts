import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { LIMITS } from '@chat/contracts';
import type { Db } from '../../db/client';
import { groupMembers, neoCustomData, users, workspaces } from '../../db/schema';
import { toUserWithWorkspace, userWithWorkspaceColumns } from '../users/users.repository';
import type { MemberRow } from './groups.repository';

/** What a Group entity carries of its membership: counts and the first few, never everyone. */
export interface GroupHead {
  memberCount: number;
  adminCount: number;
  members: MemberRow[];
  admins: MemberRow[];
  /** Only for a viewer: whether they are one of the admins. */
  viewerIsAdmin?: boolean;
}

/** A member row of the head query, with its place among the members and among the admins. */
interface HeadRow extends MemberRow {
  memberRank: number;
  adminRank: number;
  memberCount: number;
  adminCount: number;
}

const HEAD = LIMITS.groupHeadSize;

/**
 * The rows the heads of `groupIds` are made of, for any of `viewerIds`: per group, the first
 * members (admins first, then by name), the first admins, and the viewers' own rows, each with the
 * group's counts. One statement for all the groups of a list; only active members count.
 */
export async function headRowsOf(db: Db, groupIds: readonly string[], viewerIds: readonly string[] = []): Promise<HeadRow[]> {
  if (groupIds.length === 0) return [];
  const gm = groupMembers;
  const ranked = db
    .select({
      groupId: gm.groupId,
      userId: sql<string>`${gm.userId}`.as('ranked_user_id'),
      isAdmin: sql<boolean>`${gm.isAdmin}`.as('ranked_is_admin'),
      memberRank: sql<number>`row_number() over (partition by ${gm.groupId} order by ${gm.isAdmin} desc, ${users.name}, ${users.id})`.as(
        'member_rank',
      ),
      adminRank: sql<number>`row_number() over (partition by ${gm.groupId}, ${gm.isAdmin} order by ${users.name}, ${users.id})`.as(
        'admin_rank',
      ),
      memberCount: sql<number>`count(*) over (partition by ${gm.groupId})`.as('member_count'),
      adminCount: sql<number>`count(*) filter (where ${gm.isAdmin}) over (partition by ${gm.groupId})`.as('admin_count'),
    })
    .from(gm)
    .innerJoin(users, eq(users.id, gm.userId))
    .where(and(inArray(gm.groupId, [...groupIds]), eq(users.active, true)))
    .as('ranked');
  const rows = await db
    .select({
      groupId: ranked.groupId,
      isAdmin: ranked.isAdmin,
      memberRank: ranked.memberRank,
      adminRank: ranked.adminRank,
      memberCount: ranked.memberCount,
      adminCount: ranked.adminCount,
      ...userWithWorkspaceColumns,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .leftJoin(neoCustomData, eq(neoCustomData.id, users.neoCustomDataId))
    .where(
      or(
        sql`${ranked.memberRank} <= ${HEAD}`,
        and(sql`${ranked.isAdmin}`, sql`${ranked.adminRank} <= ${HEAD}`),
        viewerIds.length > 0 ? inArray(ranked.userId, [...viewerIds]) : undefined,
      ),
    );
  return rows.map((r) => ({
    ...toUserWithWorkspace(r),
    groupId: r.groupId,
    isAdmin: r.isAdmin,
    memberRank: Number(r.memberRank),
    adminRank: Number(r.adminRank),
    memberCount: Number(r.memberCount),
    adminCount: Number(r.adminCount),
  }));
}

/** Head rows by group id. */
export function headRowsByGroup(rows: readonly HeadRow[]): Map<string, HeadRow[]> {
  const byGroup = new Map<string, HeadRow[]>();
  for (const r of rows) {
    const list = byGroup.get(r.groupId);
    if (list) list.push(r);
    else byGroup.set(r.groupId, [r]);
  }
  return byGroup;
}

/**
 * A group's head as `viewerId` sees it: the viewer first when a member ('Você' first), then
 * admins, then by name, `size` of each. Without a viewer (an event for every member), admins then
 * by name.
 */
export function headFor(rows: readonly HeadRow[] = [], viewerId: string | null, size: number = HEAD): GroupHead {
  const me = viewerId === null ? undefined : rows.find((r) => r.id === viewerId);
  const others = (keep: (r: HeadRow) => boolean, rank: (r: HeadRow) => number) =>
    rows
      .filter((r) => r !== me && keep(r))
      .sort((a, b) => rank(a) - rank(b))
      .map(stripRanks);
  const first = (mine: boolean, keep: (r: HeadRow) => boolean, rank: (r: HeadRow) => number) =>
    [...(me && mine ? [stripRanks(me)] : []), ...others(keep, rank)].slice(0, size);
  const members = first(
    true,
    (r) => r.memberRank <= size,
    (r) => r.memberRank,
  );
  const admins = first(
    me?.isAdmin === true,
    (r) => r.isAdmin && r.adminRank <= size,
    (r) => r.adminRank,
  );
  return {
    memberCount: rows[0]?.memberCount ?? 0,
    adminCount: rows[0]?.adminCount ?? 0,
    members,
    admins,
    ...(viewerId === null ? {} : { viewerIsAdmin: me?.isAdmin ?? false }),
  };
}

const stripRanks = ({ memberRank: _m, adminRank: _a, memberCount: _c, adminCount: _d, ...row }: HeadRow): MemberRow => row;
