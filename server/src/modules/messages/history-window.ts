import { and, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import type { MessageWithAuthor } from './message-entity';
import { type ChatTarget, chatIs, messagesBefore, selectMessages } from './messages.repository';

// History windows that need not end at the newest message. `around` opens a chat at a
// search hit; `after` pages forward from such a window until it joins the live end.

export interface HistoryWindow {
  /** Oldest first. */
  rows: MessageWithAuthor[];
  hasMore: boolean;
  hasNewer: boolean;
}

/** Up to `take` messages from `fromSeq` on (inclusive), OLDEST first: a forward walk of the (chat, seq) index. */
function messagesFrom(db: Db, target: ChatTarget, fromSeq: number, take: number): Promise<MessageWithAuthor[]> {
  return selectMessages(db, { where: and(chatIs(target), gte(messages.seq, fromSeq)), order: 'asc', limit: take });
}

/** `limit` messages before the one at `seq`, it, and `limit` after it. */
export async function windowAround(db: Db, target: ChatTarget, seq: number, limit: number): Promise<HistoryWindow> {
  // One extra row on each side tells whether more exist there, without a count(*).
  const [older, fromIt] = await Promise.all([messagesBefore(db, target, seq, limit + 1), messagesFrom(db, target, seq, limit + 2)]);
  return {
    rows: [...older.slice(0, limit).reverse(), ...fromIt.slice(0, limit + 1)],
    hasMore: older.length > limit,
    hasNewer: fromIt.length > limit + 1,
  };
}

/** The `limit` messages right after `afterSeq`, oldest first. */
export async function windowAfter(db: Db, target: ChatTarget, afterSeq: number, limit: number): Promise<HistoryWindow> {
  const [newer, older] = await Promise.all([
    messagesFrom(db, target, afterSeq + 1, limit + 1),
    messagesBefore(db, target, afterSeq + 1, 1),
  ]);
  return { rows: newer.slice(0, limit), hasMore: older.length > 0, hasNewer: newer.length > limit };
}
