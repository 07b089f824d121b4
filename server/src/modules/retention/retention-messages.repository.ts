import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, groups, messages, users } from '../../db/schema';

/** A chat of a workspace: each is walked on its own index (messages_conversation_seq_idx / messages_group_seq_idx). */
export type Chat = { kind: 'conversation' | 'group'; id: string };

/** The workspace's conversations (through their first participant) and groups. */
export async function chatsOf(db: Db, workspaceId: string): Promise<Chat[]> {
  const [ones, groupRows] = await Promise.all([
    db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userOneId))
      .where(eq(users.workspaceId, workspaceId)),
    db.select({ id: groups.id }).from(groups).where(eq(groups.workspaceId, workspaceId)),
  ]);
  return [
    ...ones.map((c) => ({ kind: 'conversation' as const, id: c.id })),
    ...groupRows.map((g) => ({ kind: 'group' as const, id: g.id })),
  ];
}

/**
 * The last seq written before `cutoff`, or null when none was: a binary search over seq
 * (messages_seq_idx), a handful of index lookups. seq follows insertion and so created_at; the
 * batches below then walk each chat's index only up to it instead of past every newer message.
 * A message given an earlier time than the ones inserted before it (a seeded demo) may wait for a
 * later day's run; the batches' own created_at test keeps anything newer than the window.
 */
export async function lastSeqBefore(db: Db, cutoff: Date): Promise<number | null> {
  const [bounds] = await db
    .select({ low: sql<string | null>`min(${messages.seq})`, high: sql<string | null>`max(${messages.seq})` })
    .from(messages);
  if (!bounds?.low || !bounds.high) return null;
  let low = Number(bounds.low);
  let high = Number(bounds.high);
  const createdAtFrom = async (seq: number) => {
    const [row] = await db
      .select({ at: messages.createdAt })
      .from(messages)
      .where(gte(messages.seq, seq))
      .orderBy(asc(messages.seq))
      .limit(1);
    return row?.at ?? null;
  };
  const first = await createdAtFrom(low);
  if (!first || first >= cutoff) return null;
  // Invariant: the message at `low` is older than the cutoff; find the largest such seq.
  while (low < high) {
    const mid = Math.floor((low + high + 1) / 2);
    const at = await createdAtFrom(mid);
    if (at && at < cutoff) low = mid;
    else high = mid - 1;
  }
  return low;
}

export interface ExpiredMessage {
  id: string;
  seq: number;
  body: string;
  hasFile: boolean;
}

/**
 * Up to `limit` messages of one chat with seq in (afterSeq, maxSeq] written before `cutoff`,
 * oldest first. Each batch starts after the last one's seq: the index entries of the rows just
 * deleted stay until a vacuum, and walking them again from the chat's start would make every
 * batch slower than the one before.
 */
export async function expiredBatch(
  db: Db,
  chat: Chat,
  range: { afterSeq: number; maxSeq: number },
  cutoff: Date,
  limit: number,
): Promise<ExpiredMessage[]> {
  const column = chat.kind === 'conversation' ? messages.conversationId : messages.groupId;
  const rows = await db
    .select({ id: messages.id, seq: messages.seq, body: messages.body, contentType: messages.contentType, fileName: messages.fileName })
    .from(messages)
    .where(and(eq(column, chat.id), gt(messages.seq, range.afterSeq), lte(messages.seq, range.maxSeq), lt(messages.createdAt, cutoff)))
    .orderBy(asc(messages.seq))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, seq: r.seq, body: r.body, hasFile: r.contentType === 'image' || r.fileName !== null }));
}

/** Deletes the messages (their reactions go with them; replies to them keep their text). */
export async function deleteMessages(db: Db, ids: string[]): Promise<number> {
  const deleted = await db.delete(messages).where(inArray(messages.id, ids)).returning({ id: messages.id });
  return deleted.length;
}
