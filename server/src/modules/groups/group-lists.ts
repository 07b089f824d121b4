import type { Db } from '../../db/client';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import { headRowsByGroup, headRowsOf } from './group-heads';
import { groupListsOf, type ListedGroupRow } from './groups.repository';

export interface GroupListRead {
  /** The viewer's groups, each with the viewer's own state of it. */
  rows: ListedGroupRow[];
  /**
   * The head rows of each group in the lists read together (a superset of this viewer's groups),
   * with every viewer's own row: headFor makes each viewer's head of them.
   */
  heads: ReadonlyMap<string, Awaited<ReturnType<typeof headRowsOf>>>;
}

/**
 * The group lists, read together: the lists asked while one read runs go in the next,
 * one statement for all their viewers (groupListsOf, with each viewer's unread counts and mutes as
 * columns) and one read of the heads of all their groups, where each list cost three round trips
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
        const heads = headRowsByGroup(await headRowsOf(db, [...groupIds], viewerIds));
        return viewerIds.map((id) => ({ rows: lists.get(id) ?? [], heads }));
      },
      // At most 64 viewers a statement, as the newest pages: bounds its size and its time.
      { ...WAVE_BATCHING, maxItems: 64 },
    );
  }

  of(viewerId: string): Promise<GroupListRead> {
    return this.queue.submit(viewerId);
  }
}
