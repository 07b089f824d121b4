import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Reaction } from '@chat/contracts';
import type { Db } from '../../db/client';
import { messageReactions, users } from '../../db/schema';
import { anyOf } from '../../db/queries/any-of';

const reactor = alias(users, 'reactor');

/**
 * The reactions of a page of messages as ONE grouped derived table, to LEFT JOIN by
 * message id: `pageIds` (a select of the page's message ids) probes message_reactions through
 * its (message_id, ...) primary key before anything is aggregated, so a page costs its own
 * reactions, not a subquery per row nor the whole table. Each emoji lists its users in the order
 * they reacted; emoji come in the order of their first reaction. No row for a message without any.
 */
export function pageReactions(db: Db, pageIds: SQLWrapper) {
  const byEmoji = db
    .select({
      messageId: messageReactions.messageId,
      emoji: messageReactions.emoji,
      firstAt: sql<Date>`min(${messageReactions.createdAt})`.as('first_at'),
      users:
        sql`json_agg(json_build_object('id', ${reactor.id}, 'name', ${reactor.name}) ORDER BY ${messageReactions.createdAt}, ${reactor.name})`.as(
          'users',
        ),
    })
    .from(messageReactions)
    .innerJoin(reactor, eq(reactor.id, messageReactions.userId))
    .where(anyOf(messageReactions.messageId, pageIds))
    .groupBy(messageReactions.messageId, messageReactions.emoji)
    .as('reaction_emoji');
  return db
    .select({
      messageId: byEmoji.messageId,
      list: sql<
        Reaction[]
      >`json_agg(json_build_object('emoji', ${byEmoji.emoji}, 'users', ${byEmoji.users}) ORDER BY ${byEmoji.firstAt}, ${byEmoji.emoji})`.as(
        'list',
      ),
    })
    .from(byEmoji)
    .groupBy(byEmoji.messageId)
    .as('page_reactions');
}
