import type { Db } from '../../db/client';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import { groupListsOf, type ListedGroupRow, membersOf, type MemberRow } from './groups.repository';

export interface GroupListRead {
  /** The viewer's groups, each with the viewer's own state of it. */
  rows: ListedGroupRow[];
  /** The members of each group in the lists read together (a superset of this viewer's groups). */
  members: ReadonlyMap<string, readonly MemberRow[]>;
}

/**
 * The group lists, read together: the lists asked while one read runs go in the next,
 * one statement for all their viewers (groupListsOf, with each viewer's unread counts and mutes as
 * columns) and one read of the members of all their groups, where each list cost three round trips
 * of its own (its groups, their members, the viewer's state). A restart's reconnection wave
 * asks one per page within seconds; a lone ask is read at once. Fresh reads: each starts after it
 * was asked.
 */
export class GroupLists {
  private readonly queue: BatchQueue<string, GroupListRead>;

  constructor(db: Db) {
    this.queue = new BatchQueue<string, GroupListRead>(
      async (viewerIds) => {
        const lists = await groupListsOf(db, viewerIds);
        const groupIds = new Set([...lists.values()].flat().map((r) => r.group.id));
        // Grouped once for the whole batch, not by each viewer's list.
        const members = membersByGroup(await membersOf(db, [...groupIds]));
        return viewerIds.map((id) => ({ rows: lists.get(id) ?? [], members }));
      },
      // At most 64 viewers a statement, as the newest pages: bounds its size and its time.
      { ...WAVE_BATCHING, maxItems: 64 },
    );
  }

  of(viewerId: string): Promise<GroupListRead> {
    return this.queue.submit(viewerId);
  }
}

/** Members by group id, in their order (admins first, then by name). Node 20 has no Map.groupBy. */
export function membersByGroup(members: readonly MemberRow[]): Map<string, MemberRow[]> {
  const byGroup = new Map<string, MemberRow[]>();
  for (const m of members) {
    const list = byGroup.get(m.groupId);
    if (list) list.push(m);
    else byGroup.set(m.groupId, [m]);
  }
  return byGroup;
}
