import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { messages, users } from '../../db/schema';

/**
 * LEFT JOIN LATERAL target giving the newest message of each listed chat: one backward step on
 * the (conversation_id, seq) or (group_id, seq) index per row, however long the history is.
 */
export function lastMessageLateral(db: Db, target: 'conversation' | 'group', chatId: PgColumn | SQL) {
  const column = target === 'conversation' ? messages.conversationId : messages.groupId;
  return db
    .select({
      id: messages.id,
      deletedAt: messages.deletedAt,
      body: messages.body,
      type: messages.contentType,
      fileName: messages.fileName,
      durationMs: messages.durationMs,
      // A webhook's message under the webhook's name, as the chat shows it.
      authorId: sql<string>`coalesce(${messages.webhookId}, ${messages.authorId})`.as('author_id'),
      authorName: sql<string>`coalesce(${messages.botName}, ${users.name})`.as('author_name'),
      createdAt: messages.createdAt,
      updatedAt: messages.updatedAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(eq(column, chatId))
    .orderBy(desc(messages.seq))
    .limit(1)
    .as('lm');
}

/** The select list of a chat list's `last` column from lastMessageLateral's subquery. */
export function lastMessageColumns(lm: ReturnType<typeof lastMessageLateral>) {
  return {
    id: lm.id,
    deletedAt: lm.deletedAt,
    body: lm.body,
    type: lm.type,
    fileName: lm.fileName,
    durationMs: lm.durationMs,
    authorId: lm.authorId,
    authorName: lm.authorName,
    createdAt: lm.createdAt,
    updatedAt: lm.updatedAt,
  };
}
