import type { Db } from '../../db/client';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import type { UserWithWorkspace } from '../users/user-entity';
import { findUsersByIds } from '../users/user-lookups.repository';
import { conversationListsOf, type ConversationSummaryRow } from './conversations.repository';

export interface ConversationListRead {
  rows: ConversationSummaryRow[];
  /** Everyone in the lists read together (a superset of this viewer's people). */
  people: ReadonlyMap<string, UserWithWorkspace>;
}

/**
 * The chat lists, read together: the lists asked while one read runs go in the next,
 * one statement for all their viewers (conversationListsOf) and one read of everyone in them,
 * where each list cost two round trips of its own. A restart's reconnection wave asks one per page
 * within seconds; a lone ask is read at once. Fresh reads: each starts after it was asked.
 */
export class ConversationLists {
  private readonly queue: BatchQueue<string, ConversationListRead>;

  constructor(db: Db) {
    this.queue = new BatchQueue<string, ConversationListRead>(
      async (viewerIds) => {
        const lists = await conversationListsOf(db, viewerIds);
        const rows = [...lists.values()].flat();
        const people = await findUsersByIds(
          db,
          rows.flatMap((r) => [r.conversation.userOneId, r.conversation.userTwoId]),
        );
        return viewerIds.map((id) => ({ rows: lists.get(id) ?? [], people }));
      },
      // At most 64 viewers a statement, as the newest pages: bounds its size and its time.
      { ...WAVE_BATCHING, maxItems: 64 },
    );
  }

  of(viewerId: string): Promise<ConversationListRead> {
    return this.queue.submit(viewerId);
  }
}
