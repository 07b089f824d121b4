import { and, desc, eq, exists, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ChatListPage } from '@chat/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/queries/once-per-db';
import { rowsByViewer } from '../../db/queries/rows-by-viewer';
import { type ConversationRow, conversationMutes, conversations, messages, users } from '../../db/schema';
import { containsFolded, foldedContains } from '../../lib/search';
import { lastMessageColumns, lastMessageLateral } from '../messages/last-message';
import type { LastMessageFields } from '../messages/message-entity';

export interface ConversationSummaryRow {
  conversation: ConversationRow;
  last: LastMessageFields | null;
  unreadMessages: number;
  muted: boolean;
}

/** The viewer takes part in the conversation. */
export const hasParticipant = (userId: string | SQL) => or(eq(conversations.userOneId, userId), eq(conversations.userTwoId, userId))!;

/**
 * The viewer's conversations matching `where`, with their last message and the viewer's unread
 * count (others' messages not READ), most recent activity first.
 */
export function conversationSummaries(db: Db, viewerId: string, where?: SQL): Promise<ConversationSummaryRow[]> {
  const { lm, fields, muteOn } = summaryParts(db, viewerId);
  return db
    .select(fields)
    .from(conversations)
    .leftJoinLateral(lm, sql`true`)
    .leftJoin(conversationMutes, muteOn)
    .where(and(hasParticipant(viewerId), where))
    .orderBy(...activityOrder(lm));
}

/**
 * GET /conversation/get-conversations for several viewers in one statement, built once per
 * database and prepared: each viewer's conversations as conversationSummaries gives
 * them (same order), by viewer. Every page asks its list when it opens and again after each
 * reconnect, so a restart's reconnection wave asks thousands within seconds (ConversationLists
 * gathers them); building the statement for each was the largest item of that wave's CPU.
 */
export function conversationListsOf(db: Db, viewerIds: readonly string[]): Promise<Map<string, ConversationSummaryRow[]>> {
  return preparedLists(db)(viewerIds);
}

const preparedLists = oncePerDb((db) => {
  // Each viewer probes the conversations' user_one / user_two indexes (a BitmapOr per viewer).
  const viewer = sql<string>`v.viewer`;
  const { lm, fields, muteOn } = summaryParts(db, viewer);
  const prepared = db
    .select({ viewer, ...fields })
    .from(sql`unnest(${sql.placeholder('viewers')}::uuid[]) as v(viewer)`)
    .innerJoin(conversations, hasParticipant(viewer))
    .leftJoinLateral(lm, sql`true`)
    .leftJoin(conversationMutes, muteOn)
    .orderBy(...activityOrder(lm))
    .prepare('conversation_lists');
  return async (viewerIds: readonly string[]) => {
    const unique = [...new Set(viewerIds)];
    return rowsByViewer(unique, unique.length === 0 ? [] : await prepared.execute({ viewers: unique }));
  };
});

/** What a chat list selects for a viewer given as a value or as a column of the outer query. */
function summaryParts(db: Db, viewerId: string | SQL) {
  const lm = lastMessageLateral(db, 'conversation', conversations.id);
  const unread = alias(messages, 'unread');
  // Served by the partial index messages_conversation_unread_idx (status <> 'READ').
  const unreadCount = db
    .select({ n: sql`count(*)::int` })
    .from(unread)
    .where(
      and(eq(unread.conversationId, conversations.id), ne(unread.authorId, viewerId), ne(unread.status, 'READ'), isNull(unread.deletedAt)),
    );
  return {
    lm,
    fields: {
      conversation: conversations,
      last: lastMessageColumns(lm),
      unreadMessages: sql<number>`(${unreadCount})`.mapWith(Number),
      muted: sql<boolean>`${conversationMutes.userId} IS NOT NULL`.mapWith(Boolean),
    },
    // The viewer's mutes as one join (at most one row a conversation: the primary key), not an
    // EXISTS subplan per listed conversation.
    muteOn: and(eq(conversationMutes.conversationId, conversations.id), eq(conversationMutes.userId, viewerId)),
  };
}

/**
 * One page of the viewer's conversations (keyset on last activity, then id, newest first), with
 * the same columns as conversationSummaries. The activity is compared to the millisecond, the
 * precision of the cursor the client sends back, so that two chats within one millisecond are
 * ordered by id on both sides and none is skipped. The unread count and the mute are read for the
 * page's rows only (evaluated after the limit).
 */
export function conversationPage(db: Db, viewerId: string, page: ChatListPage, withMessagesOnly: boolean) {
  const { lm, fields, muteOn } = summaryParts(db, viewerId);
  const activity = sql`date_trunc('milliseconds', coalesce(${lm.createdAt}, ${conversations.createdAt}))`;
  const query = db
    .select(fields)
    .from(conversations)
    .leftJoinLateral(lm, sql`true`)
    .leftJoin(conversationMutes, muteOn)
    .where(
      and(
        hasParticipant(viewerId),
        page.before
          ? sql`(${activity}, ${conversations.id}) < (${page.before.at.toISOString()}::timestamptz, ${page.before.id}::uuid)`
          : undefined,
        withMessagesOnly ? isNotNull(lm.body) : undefined,
      ),
    )
    .orderBy(desc(activity), desc(conversations.id));
  return page.limit === null ? query : query.limit(page.limit);
}

/** Most recent activity first: the last message's time, or the conversation's creation. */
const activityOrder = (lm: ReturnType<typeof lastMessageLateral>) =>
  [desc(sql`coalesce(${lm.createdAt}, ${conversations.createdAt})`), desc(conversations.id)] as const;

/** The conversation if `userId` takes part in it; null otherwise (also for another workspace's). */
export async function findConversationFor(db: Db, conversationId: string, userId: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), hasParticipant(userId)))
    .limit(1);
  return row ?? null;
}

/** The conversation between two users, in either order. */
export async function findConversationBetween(db: Db, a: string, b: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      or(
        and(eq(conversations.userOneId, a), eq(conversations.userTwoId, b)),
        and(eq(conversations.userOneId, b), eq(conversations.userTwoId, a)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Inserts the pair unless it exists. Returns null when another request created it first (the
 * unique index on the unordered pair refused this one).
 */
export async function insertConversation(db: Db, userOneId: string, userTwoId: string): Promise<ConversationRow | null> {
  const [row] = await db.insert(conversations).values({ userOneId, userTwoId }).onConflictDoNothing().returning();
  return row ?? null;
}

/** Search condition: the other participant's name or nickName, or the words of a message (its text or an image's caption). */
export function conversationMatches(db: Db, viewerId: string, term: string): SQL {
  const other = alias(users, 'other');
  const found = alias(messages, 'found');
  const otherId = sql`CASE WHEN ${conversations.userOneId} = ${viewerId} THEN ${conversations.userTwoId} ELSE ${conversations.userOneId} END`;
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(other)
        .where(and(eq(other.id, otherId), or(containsFolded(other.name, term), containsFolded(other.nickName, term)))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(found)
        .where(and(eq(found.conversationId, conversations.id), isNull(found.deletedAt), foldedContains(found.bodyFolded, term))),
    ),
  )!;
}

export const conversationIdIs = (id: string) => eq(conversations.id, id);

/** 'Silenciar' / 'Reativar som' of one participant. */
export async function setConversationMuted(db: Db, conversationId: string, userId: string, muted: boolean): Promise<void> {
  if (muted) await db.insert(conversationMutes).values({ conversationId, userId }).onConflictDoNothing();
  else
    await db
      .delete(conversationMutes)
      .where(and(eq(conversationMutes.conversationId, conversationId), eq(conversationMutes.userId, userId)));
}
