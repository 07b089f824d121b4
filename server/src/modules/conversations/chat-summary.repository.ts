import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ChatSummary } from '@chat/contracts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversationMutes, conversations, groupMembers, messages } from '../../db/schema';
import { UNREAD_COUNT_CAP } from '../groups/groups.repository';
import { hasParticipant } from './conversations.repository';

/**
 * GET /conversation/chat-summary: the viewer's unread conversations and silenced chats over the
 * whole list, in two statements whatever its length. Each conversation's unread walk stops at
 * UNREAD_COUNT_CAP (the partial index of unread messages), so a long absence costs no longer walk;
 * past that cap the badge shows '99+' anyway.
 */
export async function chatSummary(db: Db, viewerId: string): Promise<ChatSummary> {
  const m = alias(messages, 'unread');
  const walk = db
    .select({ one: sql`1` })
    .from(m)
    .where(and(eq(m.conversationId, conversations.id), ne(m.authorId, viewerId), ne(m.status, 'READ'), isNull(m.deletedAt)))
    .limit(UNREAD_COUNT_CAP);
  const perConversation = db
    .select({
      id: conversations.id,
      unread: sql<number>`(SELECT count(*) FROM (${walk}) w)`.as('unread'),
      muted: sql<boolean>`${conversationMutes.userId} IS NOT NULL`.as('muted'),
    })
    .from(conversations)
    .leftJoin(conversationMutes, and(eq(conversationMutes.conversationId, conversations.id), eq(conversationMutes.userId, viewerId)))
    .where(hasParticipant(viewerId))
    .as('per_conversation');
  const [[totals], mutedGroups] = await Promise.all([
    db
      .select({
        unreadChats: sql<number>`count(*) FILTER (WHERE ${perConversation.unread} > 0)`.mapWith(Number),
        unreadMessages: sql<number>`coalesce(sum(${perConversation.unread}), 0)`.mapWith(Number),
        mutedConversationIds: sql<string[]>`coalesce(array_agg(${perConversation.id}::text) FILTER (WHERE ${perConversation.muted}), '{}')`,
      })
      .from(perConversation),
    db
      .select({ id: groupMembers.groupId })
      .from(groupMembers)
      .where(and(eq(groupMembers.userId, viewerId), eq(groupMembers.muted, true))),
  ]);
  return {
    unreadChats: totals?.unreadChats ?? 0,
    unreadMessages: totals?.unreadMessages ?? 0,
    mutedConversationIds: totals?.mutedConversationIds ?? [],
    mutedGroupIds: mutedGroups.map((g) => g.id),
  };
}
