import { sql } from 'drizzle-orm';
import type { Reaction } from '@chat/contracts';
import { messageReactions, messages, users } from '../../db/schema';

/**
 * The reactions of the row's message as one column of the query that reads the message (issue 15):
 * a history page comes back in one round trip, with each message's reactions found through the
 * (message_id, ...) primary key of message_reactions. Each emoji lists its users in the order they
 * reacted; emoji come in the order of their first reaction. `[]` when there is none.
 */
export const reactionsColumn = sql<Reaction[]>`coalesce((
  SELECT json_agg(json_build_object('emoji', e.emoji, 'users', e.users) ORDER BY e.first_at, e.emoji)
  FROM (
    SELECT r.${sql.identifier(messageReactions.emoji.name)} AS emoji,
      min(r.${sql.identifier(messageReactions.createdAt.name)}) AS first_at,
      json_agg(json_build_object('id', u.${sql.identifier(users.id.name)}, 'name', u.${sql.identifier(users.name.name)})
        ORDER BY r.${sql.identifier(messageReactions.createdAt.name)}, u.${sql.identifier(users.name.name)}) AS users
    FROM ${messageReactions} r
    JOIN ${users} u ON u.${sql.identifier(users.id.name)} = r.${sql.identifier(messageReactions.userId.name)}
    WHERE r.${sql.identifier(messageReactions.messageId.name)} = ${messages.id}
    GROUP BY r.${sql.identifier(messageReactions.emoji.name)}
  ) e
), '[]'::json)`;
