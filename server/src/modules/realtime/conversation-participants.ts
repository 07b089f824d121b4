import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations } from '../../db/schema';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import { BoundedMap } from '../../lib/bounded-map';
import { isUuid } from '../../lib/ids';

/** ~0.3 KiB each: 15 MiB at most, for the conversations active since the process started. */
const MAX_CACHED = 50_000;

type Pair = readonly [string, string];

/**
 * Who takes part in a conversation: the permission check and the audience of a message send, and
 * of socket events that must reach only the other person (typing, read receipts). The two
 * participants of a conversation never change (and conversations are never deleted), so known
 * pairs are kept in memory (the oldest dropped past MAX_CACHED): a send or a typing burst costs no
 * query. One instance per process, in app.ctx.
 *
 * After a restart the cache is empty and both members of thousands of conversations ask at once
 * (history pages, sends): one load per conversation is shared by whoever asks while it runs, the
 * read is a prepared statement (a reconnection wave reads each conversation about three times,
 * and each read was parsed and planned anew), and the conversations asked while one read runs go
 * together in the next (each read alone is a round trip that wakes a PostgreSQL backend). A lone
 * read runs at once.
 */
export class ConversationParticipants {
  private readonly pairs = new BoundedMap<string, Pair>(MAX_CACHED);
  private readonly loading = new Map<string, Promise<Pair | null>>();
  private readonly read;
  private readonly reads: BatchQueue<string, Pair | null>;

  constructor(db: Db) {
    this.read = db
      .select({ id: conversations.id, one: conversations.userOneId, two: conversations.userTwoId })
      .from(conversations)
      .where(sql`${conversations.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('conversation_participants');
    this.reads = new BatchQueue(async (ids) => {
      const found = new Map((await this.read.execute({ ids })).map((row) => [row.id, [row.one, row.two] as const]));
      return ids.map((id) => found.get(id) ?? null);
    }, WAVE_BATCHING);
  }

  /** The other participant when `userId` takes part in the conversation; null otherwise (or no such conversation). */
  async otherOf(conversationId: string, userId: string): Promise<string | null> {
    const pair = this.pairs.get(conversationId) ?? (await this.loadOnce(conversationId));
    if (!pair) return null;
    if (pair[0] === userId) return pair[1];
    if (pair[1] === userId) return pair[0];
    return null;
  }

  private loadOnce(conversationId: string): Promise<Pair | null> {
    let pending = this.loading.get(conversationId);
    if (!pending) {
      pending = this.load(conversationId).finally(() => this.loading.delete(conversationId));
      this.loading.set(conversationId, pending);
    }
    return pending;
  }

  private async load(conversationId: string): Promise<Pair | null> {
    // A malformed id would fail the whole batch's statement (a uuid syntax error): no such conversation.
    if (!isUuid(conversationId)) return null;
    const pair = await this.reads.submit(conversationId);
    if (pair) this.pairs.set(conversationId, pair);
    return pair;
  }
}
