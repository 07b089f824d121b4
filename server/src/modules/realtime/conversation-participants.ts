import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations } from '../../db/schema';
import { BoundedMap } from '../../lib/bounded-map';

/** ~0.3 KiB each: 15 MiB at most, for the conversations active since the process started. */
const MAX_CACHED = 50_000;

/**
 * Who takes part in a conversation: the permission check and the audience of a message send, and
 * of socket events that must reach only the other person (typing, read receipts). The two
 * participants of a conversation never change (and conversations are never deleted), so known
 * pairs are kept in memory (the oldest dropped past MAX_CACHED): a send or a typing burst costs no
 * query. One instance per process, in app.ctx.
 *
 * After a restart the cache is empty and both members of thousands of conversations ask at once
 * (history pages, sends): one load per conversation is shared by whoever asks while it runs, and
 * the read is a prepared statement (issue 14: the reconnection wave of 1,000 members read 500
 * conversations 1,493 times, each parsed and planned anew).
 */
export class ConversationParticipants {
  private readonly pairs = new BoundedMap<string, readonly [string, string]>(MAX_CACHED);
  private readonly loading = new Map<string, Promise<readonly [string, string] | null>>();
  private readonly read;

  constructor(db: Db) {
    this.read = db
      .select({ one: conversations.userOneId, two: conversations.userTwoId })
      .from(conversations)
      .where(eq(conversations.id, sql.placeholder('id')))
      .limit(1)
      .prepare('conversation_participants');
  }

  /** The other participant when `userId` takes part in the conversation; null otherwise (or no such conversation). */
  async otherOf(conversationId: string, userId: string): Promise<string | null> {
    const pair = this.pairs.get(conversationId) ?? (await this.loadOnce(conversationId));
    if (!pair) return null;
    if (pair[0] === userId) return pair[1];
    if (pair[1] === userId) return pair[0];
    return null;
  }

  private loadOnce(conversationId: string): Promise<readonly [string, string] | null> {
    let pending = this.loading.get(conversationId);
    if (!pending) {
      pending = this.load(conversationId).finally(() => this.loading.delete(conversationId));
      this.loading.set(conversationId, pending);
    }
    return pending;
  }

  private async load(conversationId: string): Promise<readonly [string, string] | null> {
    const [row] = await this.read.execute({ id: conversationId });
    if (!row) return null;
    const pair = [row.one, row.two] as const;
    this.pairs.set(conversationId, pair);
    return pair;
  }
}
