import { eq } from 'drizzle-orm';
import type { LastMessage, Message } from '@chat/contracts';
import { type MessageRow, messages, users } from '../../db/schema';

export interface MessageAuthor {
  id: string;
  name: string;
  avatarUrl: string | null;
}

export type MessageWithAuthor = { message: MessageRow; author: MessageAuthor };

/** Select list and join shared by every query that returns whole messages. */
export const messageWithAuthorFields = {
  message: messages,
  author: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
};
export const messageAuthorJoin = eq(users.id, messages.authorId);

/**
 * The Message entity (DESIGN section 2). A message has a single content, so content.id is the
 * message id: the browser only uses it as a React key.
 */
export function toMessageEntity({ message: m, author }: MessageWithAuthor): Message {
  return {
    id: m.id,
    authorId: m.authorId,
    author,
    content: { id: m.id, body: m.body, type: m.contentType },
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    conversationId: m.conversationId,
    groupId: m.groupId,
    clientId: m.clientId,
  };
}

/** What list queries read of the last message (see lastMessageLateral); all null when there is none. */
export interface LastMessageFields {
  body: string | null;
  type: MessageRow['contentType'] | null;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export function toLastMessage(last: LastMessageFields | null): LastMessage | null {
  if (!last || last.body === null || !last.type || !last.authorId || !last.createdAt || !last.updatedAt) return null;
  return {
    content: { body: last.body, type: last.type },
    author: { name: last.authorName ?? '' },
    authorId: last.authorId,
    createdAt: last.createdAt.toISOString(),
    updatedAt: last.updatedAt.toISOString(),
  };
}
