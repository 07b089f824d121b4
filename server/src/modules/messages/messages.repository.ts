import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, type MessageRow, messages, users } from '../../db/schema';
import { type AuthorGuard, guardedAuthorId } from './author-guard';
import { messageAuthorJoin, messageWithAuthorFields, type MessageWithAuthor, replyJoins } from './message-entity';

/** A conversation's or a group's history. */
export type ChatTarget = { conversationId: string } | { groupId: string };

export const chatIs = (target: ChatTarget) =>
  'conversationId' in target ? eq(messages.conversationId, target.conversationId) : eq(messages.groupId, target.groupId);

export type NewMessage = typeof messages.$inferInsert;

/** The columns a send sets (message-commits.ts); the others take their defaults. */
export type SentMessage = Pick<NewMessage, 'conversationId' | 'groupId'> &
  Required<Pick<NewMessage, 'authorId' | 'contentType' | 'body' | 'status' | 'clientId' | 'replyToId' | 'mentions'>>;

/** Whole messages: author and the quoted message of a reply joined. */
export function selectMessages(db: Db) {
  return db
    .select(messageWithAuthorFields)
    .from(messages)
    .innerJoin(users, messageAuthorJoin)
    .leftJoin(...replyJoins[0])
    .leftJoin(...replyJoins[1]);
}

/**
 * insertMessages (message-batch-insert.ts) for one row, built once and prepared (issue 14): a send that commits alone (no
 * other send arrived meanwhile, the usual case when few are sending) no longer builds the SQL.
 * Two statements: the author as given, or guarded (author-guard.ts).
 */
export function insertOneMessageQuery(db: Db): (row: SentMessage, guard: AuthorGuard | null) => Promise<MessageRow[]> {
  const plain = prepareInsertOne(db, false);
  const guarded = prepareInsertOne(db, true);
  return (row, guard) => {
    const values = { ...row, conversationId: row.conversationId ?? null, groupId: row.groupId ?? null };
    if (!guard) return plain.execute(values);
    const { id, role, passwordHash, name, avatarUrl } = guard;
    return guarded.execute({ ...values, guardId: id, guardRole: role, guardPasswordHash: passwordHash, guardName: name, guardAvatarUrl: avatarUrl });
  };
}

function prepareInsertOne(db: Db, guarded: boolean) {
  const p = (name: keyof SentMessage | `guard${string}`) => sql.placeholder(name);
  const author = guarded
    ? guardedAuthorId({ id: p('guardId'), role: p('guardRole'), passwordHash: p('guardPasswordHash'), name: p('guardName'), avatarUrl: p('guardAvatarUrl') })
    : p('authorId');
  return db
    .insert(messages)
    .values({
      authorId: author,
      conversationId: p('conversationId'),
      groupId: p('groupId'),
      contentType: p('contentType'),
      body: p('body'),
      status: p('status'),
      clientId: p('clientId'),
      replyToId: p('replyToId'),
      mentions: p('mentions'),
    })
    .onConflictDoNothing({ target: [messages.authorId, messages.clientId] })
    .returning()
    .prepare(guarded ? 'messages_insert_one_guarded' : 'messages_insert_one');
}

/** The stored messages of these (author, clientId) pairs, in one query. */
export function findByClientIds(db: Db, pairs: ReadonlyArray<readonly [authorId: string, clientId: string]>): Promise<MessageWithAuthor[]> {
  return selectMessages(db).where(or(...pairs.map(([authorId, clientId]) => and(eq(messages.authorId, authorId), eq(messages.clientId, clientId)))));
}

/** The seq of a message of this chat (a cursor given as a message id), or null. */
export async function seqOf(db: Db, target: ChatTarget, messageId: string): Promise<number | null> {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .where(and(chatIs(target), eq(messages.id, messageId)))
    .limit(1);
  return row?.seq ?? null;
}

/** The whole history, oldest first. */
export function allMessages(db: Db, target: ChatTarget): Promise<MessageWithAuthor[]> {
  return selectMessages(db).where(chatIs(target)).orderBy(asc(messages.seq));
}

/**
 * Up to `take` messages before `beforeSeq` (or the newest), NEWEST first: a backward walk of the
 * (chat, seq) index that stops after `take` rows.
 */
export function messagesBefore(db: Db, target: ChatTarget, beforeSeq: number | null, take: number): Promise<MessageWithAuthor[]> {
  return selectMessages(db)
    .where(and(chatIs(target), beforeSeq === null ? undefined : lt(messages.seq, beforeSeq)))
    .orderBy(desc(messages.seq))
    .limit(take);
}

// Status changes touch only messages not yet READ of one author side: the partial index
// messages_conversation_unread_idx (conversation, author) WHERE status <> 'READ' serves both.

/**
 * The user has just connected: the other participants' messages still SENT in the user's
 * conversations become DELIVERED. Returns how many changed. Built once and prepared (issue 14):
 * it runs for every user who comes online, thousands at once after a restart.
 */
export function markDeliveredToQuery(db: Db): (userId: string) => Promise<number> {
  const userId = sql.placeholder('userId');
  const theirs = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId)));
  const prepared = db
    .update(messages)
    .set({ status: 'DELIVERED', updatedAt: sql`now()` })
    .where(
      and(
        inArray(messages.conversationId, theirs),
        ne(messages.authorId, userId),
        eq(messages.status, 'SENT'),
        // Implied by SENT; spelled out so that the planner matches the partial index.
        ne(messages.status, 'READ'),
      ),
    )
    .returning({ id: messages.id })
    .prepare('messages_mark_delivered_to');
  return async (id) => (await prepared.execute({ userId: id })).length;
}

/** The reader has seen the conversation: the other participant's messages become READ. Returns how many changed. */
export async function markReadBy(db: Db, conversationId: string, readerId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ status: 'READ', updatedAt: sql`now()` })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.authorId, readerId), ne(messages.status, 'READ')))
    .returning({ id: messages.id });
  return rows.length;
}
