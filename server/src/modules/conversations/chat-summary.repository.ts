import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ChatSummary } from '@chat/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversationMutes, conversations, groupMembers, messages } from '../../db/schema';
import { groupUnreadCounts, UNREAD_COUNT_CAP } from '../groups/group-unread';
import { hasParticipant } from './conversations.repository';

/**
 * GET /conversation/chat-summary: the viewer's unread chats (conversations and groups) and
 * silenced chats over the whole list, in two statements whatever its length. Each chat's unread
 * walk stops at UNREAD_COUNT_CAP (a conversation's partial index of unread messages, a group's seq
 * index from the member's read watermark), so a long absence costs no longer walk; past that cap
 * the list shows '99+' anyway. A silenced chat's unread count in the totals, as the list shows it.
 */
export async function chatSummary(db: Db, viewerId: string): Promise<ChatSummary> {
  const [[ofConversations], [ofGroups]] = await Promise.all([conversationTotals(db, viewerId), groupTotals(db, viewerId)]);
  return {
    unreadChats: (ofConversations?.unreadChats ?? 0) + (ofGroups?.unreadChats ?? 0),
    unreadMessages: (ofConversations?.unreadMessages ?? 0) + (ofGroups?.unreadMessages ?? 0),
    mutedConversationIds: ofConversations?.mutedIds ?? [],
    mutedGroupIds: ofGroups?.mutedIds ?? [],
  };
}

/** Totals of a list of chats, one row a chat with its `unread` count and `muted` flag. */
const totalsOf = (chats: { id: SQL.Aliased<string>; unread: SQL.Aliased<number>; muted: SQL.Aliased<boolean> }) => ({
  unreadChats: sql<number>`count(*) FILTER (WHERE ${chats.unread} > 0)`.mapWith(Number),
  unreadMessages: sql<number>`coalesce(sum(${chats.unread}), 0)`.mapWith(Number),
  mutedIds: sql<string[]>`coalesce(array_agg(${chats.id}::text) FILTER (WHERE ${chats.muted}), '{}')`,
});

function conversationTotals(db: Db, viewerId: string) {
  const m = alias(messages, 'unread');
  const walk = db
    .select({ one: sql`1` })
    .from(m)
    .where(and(eq(m.conversationId, conversations.id), ne(m.authorId, viewerId), ne(m.status, 'READ'), isNull(m.deletedAt)))
    .limit(UNREAD_COUNT_CAP);
  const perConversation = db
    .select({
      id: sql<string>`${conversations.id}`.as('id'),
      unread: sql<number>`(SELECT count(*) FROM (${walk}) w)`.as('unread'),
      muted: sql<boolean>`${conversationMutes.userId} IS NOT NULL`.as('muted'),
    })
    .from(conversations)
    .leftJoin(conversationMutes, and(eq(conversationMutes.conversationId, conversations.id), eq(conversationMutes.userId, viewerId)))
    .where(hasParticipant(viewerId))
    .as('per_conversation');
  return db.select(totalsOf(perConversation)).from(perConversation);
}

/** The viewer's groups, each counted from their own membership row (as the group list counts it). */
function groupTotals(db: Db, viewerId: string) {
  const gm = groupMembers;
  const perGroup = db
    .select({
      id: sql<string>`${gm.groupId}`.as('id'),
      unread: groupUnreadCounts(db, gm, sql`${viewerId}::uuid`).messages.as('unread'),
      muted: sql<boolean>`${gm.muted}`.as('muted'),
    })
    .from(gm)
    .where(eq(gm.userId, viewerId))
    .as('per_group');
  return db.select(totalsOf(perGroup)).from(perGroup);
}
