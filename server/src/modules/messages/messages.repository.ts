import { and, asc, desc, eq, lt, lte, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Reaction } from '@chat/contracts';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/queries/once-per-db';
import { conversations, groups, type MessageRow, messageColumns, messages, users } from '../../db/schema';
import { type AuthorGuard, guardedAuthorId } from './author-guard';
import { type MessageWithAuthor, pageReplies } from './message-entity';
import { pageReactions } from './page-reactions';

/** A conversation's or a group's history. */
export type ChatTarget = { conversationId: string } | { groupId: string };

export const chatIs = (target: ChatTarget) =>
  'conversationId' in target ? eq(messages.conversationId, target.conversationId) : eq(messages.groupId, target.groupId);

export type NewMessage = typeof messages.$inferInsert;

/** The columns a send sets (message-commits.ts); the others take their defaults. */
export type SentMessage = Pick<NewMessage, 'conversationId' | 'groupId'> &
  Required<Pick<NewMessage, 'authorId' | 'contentType' | 'body' | 'caption' | 'status' | 'clientId' | 'replyToId' | 'mentions'>> &
  Pick<NewMessage, 'fileName' | 'fileSize' | 'mimeType' | 'durationMs' | 'webhookId' | 'botName' | 'botAvatarUrl'>;

/** Which messages selectMessages reads: a filter on messages, and optionally their order by seq and how many. */
export interface MessageSelection {
  where: SQL | undefined;
  order?: 'asc' | 'desc';
  limit?: number | Placeholder;
}

/** `"<table>"."<column>"` decoded by `decoder` (a real table's column). */
const plainField = <T>(table: string, name: string, decoder: AnyPgColumn) =>
  sql<T>`${sql.identifier(table)}.${sql.identifier(name)}`.mapWith(decoder) as SQL<T>;

/**
 * The page's message columns, read as plain `"page"."<column>"` fields decoded by the messages
 * columns themselves: drizzle's fields of a CTE or subquery are proxies, and mapping a long
 * history's rows through them cost more than the whole statement.
 */
const pageMessageFields = {
  ...(Object.fromEntries(Object.entries(messageColumns).map(([key, column]) => [key, plainField('page', column.name, column)])) as {
    [K in keyof typeof messageColumns]: SQL<MessageRow[K]>;
  }),
  // A group message is READ once its group's read floor passed it (groups.read_floor_seq); its
  // row keeps the status it was sent with.
  status: sql<MessageRow['status']>`CASE WHEN "page"."group_id" IS NOT NULL
    AND "page"."seq" <= (SELECT ${groups.readFloorSeq} FROM ${groups} WHERE ${groups.id} = "page"."group_id")
    THEN 'READ'::message_status ELSE "page"."status" END`.mapWith(messages.status),
};

/**
 * Whole messages: author, the quoted message of a reply and the reactions. The selected messages
 * are a CTE (`page`, walking the (chat, seq) index and stopping at `limit`); the quotes and the
 * reactions are each ONE derived table restricted to the page's ids and LEFT JOINed by id, so that
 * a page of n messages costs n index steps plus its own quotes and reactions, however
 * large the tables are.
 */
export function selectMessages(db: Db, selection: MessageSelection): Promise<MessageWithAuthor[]> {
  return messagesQuery(db, selection);
}

function messagesQuery(db: Db, { where, order, limit }: MessageSelection) {
  const selected = db.select(messageColumns).from(messages).where(where).$dynamic();
  if (order) selected.orderBy(bySeq(order)(messages.seq));
  if (limit !== undefined) selected.limit(limit);
  return wholeMessages(db, selected, order);
}

const bySeq = (order: 'asc' | 'desc' | undefined) => (seq: AnyPgColumn) => (order === 'desc' ? desc(seq) : asc(seq));

/** A select of the messages columns (messageColumns' keys): the `page` that wholeMessages completes. */
export type PageSelect = TypedQueryBuilder<typeof messageColumns>;

/** The messages `selected` (the `page` CTE) with their authors, quotes and reactions, ordered by seq when asked. */
export function wholeMessages(db: Db, selected: PageSelect, order?: 'asc' | 'desc') {
  const page = db.$with('page').as(selected);
  const quoted = pageReplies(db, db.select({ id: page.replyToId }).from(page));
  const reactions = pageReactions(db, db.select({ id: page.id }).from(page));
  const query = db
    .with(page)
    .select({
      message: pageMessageFields,
      author: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
      // All null without a reply (toReplyQuote reads that as none), as plain fields like the page's.
      reply: {
        id: plainField<string | null>('quoted', messages.id.name, messages.id),
        authorId: plainField<string | null>('quoted', messages.authorId.name, messages.authorId),
        authorName: plainField<string | null>('quoted', 'author_name', users.name),
        body: plainField<string | null>('quoted', messages.body.name, messages.body),
        type: plainField<MessageRow['contentType'] | null>('quoted', messages.contentType.name, messages.contentType),
        deletedAt: plainField<Date | null>('quoted', messages.deletedAt.name, messages.deletedAt),
      },
      reactions: sql<Reaction[]>`coalesce(${reactions.list}, '[]'::json)`,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.authorId))
    .leftJoin(quoted, eq(quoted.id, page.replyToId))
    .leftJoin(reactions, eq(reactions.messageId, page.id))
    .$dynamic();
  if (order) query.orderBy(bySeq(order)(page.seq));
  return query;
}

/**
 * insertMessages (message-batch-insert.ts) for one row, built once and prepared: a send that
 * commits alone (no other send arrived meanwhile, the usual case when few are sending) does not
 * build the SQL again. Two statements: the author as given, or guarded (author-guard.ts).
 */
export function insertOneMessageQuery(db: Db): (row: SentMessage, guard: AuthorGuard | null) => Promise<MessageRow[]> {
  const plain = prepareInsertOne(db, false);
  const guarded = prepareInsertOne(db, true);
  return (row, guard) => {
    const values = {
      ...row,
      conversationId: row.conversationId ?? null,
      groupId: row.groupId ?? null,
      fileName: row.fileName ?? null,
      fileSize: row.fileSize ?? null,
      mimeType: row.mimeType ?? null,
      durationMs: row.durationMs ?? null,
      webhookId: row.webhookId ?? null,
      botName: row.botName ?? null,
      botAvatarUrl: row.botAvatarUrl ?? null,
    };
    if (!guard) return plain.execute(values);
    const { id, role, passwordHash, name, avatarUrl } = guard;
    return guarded.execute({
      ...values,
      guardId: id,
      guardRole: role,
      guardPasswordHash: passwordHash,
      guardName: name,
      guardAvatarUrl: avatarUrl,
    });
  };
}

function prepareInsertOne(db: Db, guarded: boolean) {
  const p = (name: keyof SentMessage | `guard${string}`) => sql.placeholder(name);
  const author = guarded
    ? guardedAuthorId({
        id: p('guardId'),
        role: p('guardRole'),
        passwordHash: p('guardPasswordHash'),
        name: p('guardName'),
        avatarUrl: p('guardAvatarUrl'),
      })
    : p('authorId');
  return db
    .insert(messages)
    .values({
      authorId: author,
      conversationId: p('conversationId'),
      groupId: p('groupId'),
      contentType: p('contentType'),
      body: p('body'),
      caption: p('caption'),
      fileName: p('fileName'),
      fileSize: p('fileSize'),
      mimeType: p('mimeType'),
      durationMs: p('durationMs'),
      status: p('status'),
      clientId: p('clientId'),
      replyToId: p('replyToId'),
      mentions: p('mentions'),
      webhookId: p('webhookId'),
      botName: p('botName'),
      botAvatarUrl: p('botAvatarUrl'),
    })
    .onConflictDoNothing({ target: [messages.authorId, messages.clientId] })
    .returning(messageColumns)
    .prepare(guarded ? 'messages_insert_one_guarded' : 'messages_insert_one');
}

/** The stored messages of these (author, clientId) pairs, in one query. */
export function findByClientIds(db: Db, pairs: ReadonlyArray<readonly [authorId: string, clientId: string]>): Promise<MessageWithAuthor[]> {
  return selectMessages(db, {
    where: or(...pairs.map(([authorId, clientId]) => and(eq(messages.authorId, authorId), eq(messages.clientId, clientId)))),
  });
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
  return selectMessages(db, { where: chatIs(target), order: 'asc' });
}

/**
 * Up to `take` messages before `beforeSeq`, NEWEST first: a backward walk of the (chat, seq) index
 * that stops after `take` rows. (The newest page: NewestPages, newest-pages.ts.)
 */
export function messagesBefore(db: Db, target: ChatTarget, beforeSeq: number, take: number): Promise<MessageWithAuthor[]> {
  const pages = preparedPages(db);
  const group = 'groupId' in target;
  return pages[group ? 'group' : 'conversation'].execute({ chatId: group ? target.groupId : target.conversationId, beforeSeq, take });
}

/**
 * The pages of messagesBefore, built once per database and prepared: paging back and
 * the history windows read them often, and building this statement (CTE, quotes, reactions) cost
 * more CPU than running it (a large share of the profile of a reconnection wave, when the
 * catch-up read pages this way).
 */
const preparedPages = oncePerDb((db) => ({
  conversation: pageBeforeQuery(db, 'conversation').prepare('messages_page_conversation_before'),
  group: pageBeforeQuery(db, 'group').prepare('messages_page_group_before'),
}));

/** The statement of messagesBefore for one kind of chat (placeholders chatId, beforeSeq, take). Exported for the test of its plan. */
export function pageBeforeQuery(db: Db, kind: 'conversation' | 'group') {
  const column = kind === 'group' ? messages.groupId : messages.conversationId;
  return messagesQuery(db, {
    where: and(eq(column, sql.placeholder('chatId')), lt(messages.seq, sql.placeholder('beforeSeq'))),
    order: 'desc',
    limit: sql.placeholder('take'),
  });
}

// Status changes touch only messages not yet READ of one author side: the partial index
// messages_conversation_unread_idx (conversation, author) WHERE status <> 'READ' serves both.

/**
 * These users have just connected: the other participants' messages still SENT in their
 * conversations become DELIVERED. Built once and prepared, and for many users at once:
 * after a restart thousands come online within seconds, and the users whose sockets connect while
 * one such statement runs go together in the next (create-presence.ts), one round trip instead
 * of one each. A message is the recipient's when the conversation's participant who is not its
 * author is among them.
 */
export function markDeliveredToManyQuery(db: Db): (userIds: readonly string[]) => Promise<void> {
  const ids = sql`${sql.placeholder('ids')}::uuid[]`;
  const recipient = sql`(case when ${messages.authorId} = ${conversations.userOneId} then ${conversations.userTwoId} else ${conversations.userOneId} end)`;
  const prepared = db
    .update(messages)
    .set({ status: 'DELIVERED', updatedAt: sql`now()` })
    .from(conversations)
    .where(
      and(
        eq(messages.conversationId, conversations.id),
        or(sql`${conversations.userOneId} = any(${ids})`, sql`${conversations.userTwoId} = any(${ids})`),
        sql`${recipient} = any(${ids})`,
        sql`${recipient} <> ${messages.authorId}`,
        eq(messages.status, 'SENT'),
        // Implied by SENT; spelled out so that the planner matches the partial index.
        ne(messages.status, 'READ'),
      ),
    )
    .prepare('messages_mark_delivered_to_many');
  return async (userIds) => {
    if (userIds.length > 0) await prepared.execute({ ids: [...userIds] });
  };
}

/**
 * The reader has seen the conversation up to `lastMessageId` (everything when null): the other
 * participant's messages there, up to that one's seq, become READ. Returns the bound's createdAt
 * (null: unbounded), or undefined when `lastMessageId` is not in this conversation (nothing read).
 */
export async function markReadBy(
  db: Db,
  conversationId: string,
  readerId: string,
  lastMessageId: string | null,
): Promise<{ upTo: Date | null } | undefined> {
  let bound: { seq: number; createdAt: Date } | undefined;
  if (lastMessageId) {
    [bound] = await db
      .select({ seq: messages.seq, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.id, lastMessageId), eq(messages.conversationId, conversationId)));
    if (!bound) return undefined;
  }
  await db
    .update(messages)
    .set({ status: 'READ', updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.authorId, readerId),
        ne(messages.status, 'READ'),
        bound ? lte(messages.seq, bound.seq) : undefined,
      ),
    );
  return { upTo: bound?.createdAt ?? null };
}
