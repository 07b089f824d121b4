import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LastMessage, Message, Reaction, ReplyQuote } from '@chat/contracts';
import { anyOf } from '../../db/queries/any-of';
import type { Db } from '../../db/client';
import { type MessageRow, messages, users } from '../../db/schema';

export interface MessageAuthor {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/** The quoted message as the left join reads it: all null when there is no reply. */
export interface ReplyFields {
  id: string | null;
  authorId: string | null;
  authorName: string | null;
  body: string | null;
  type: MessageRow['contentType'] | null;
  deletedAt: Date | null;
}

/** A message as whole-message queries read it (selectMessages); `reactions` comes with them (pageReactions). */
export type MessageWithAuthor = { message: MessageRow; author: MessageAuthor; reply?: ReplyFields | null; reactions?: Reaction[] };

const replied = alias(messages, 'replied');
const repliedAuthor = alias(users, 'replied_author');

/**
 * The messages quoted by a page's replies (and their authors) as one derived table, to LEFT JOIN
 * by id: `quotedIds` (a select of the page's reply_to_id) restricts it to those few rows, found by
 * primary key, so that a long page never hashes the whole messages table to find them.
 */
export function pageReplies(db: Db, quotedIds: SQLWrapper) {
  return db
    .select({
      id: replied.id,
      // A webhook's message is quoted under the webhook's name, as it is shown.
      authorId: sql<string | null>`coalesce(${replied.webhookId}, ${replied.authorId})`.as('author_id'),
      authorName: sql<string | null>`coalesce(${replied.botName}, ${repliedAuthor.name})`.as('author_name'),
      body: replied.body,
      type: replied.contentType,
      deletedAt: replied.deletedAt,
    })
    .from(replied)
    .leftJoin(repliedAuthor, eq(repliedAuthor.id, replied.authorId))
    .where(anyOf(replied.id, quotedIds))
    .as('quoted');
}

export function toReplyQuote(reply: ReplyFields | null | undefined): ReplyQuote | null {
  if (!reply?.id || !reply.authorId || reply.body === null || !reply.type) return null;
  const deleted = reply.deletedAt !== null;
  return {
    id: reply.id,
    authorId: reply.authorId,
    authorName: reply.authorName ?? '',
    body: deleted ? '' : reply.body,
    type: reply.type,
    deleted,
  };
}

/** A file's and a voice note's name, size and type, and a voice note's length: only those it has. */
function fileFields(m: Pick<MessageRow, 'fileName' | 'fileSize' | 'mimeType' | 'durationMs'>) {
  return {
    ...(m.fileName === null ? {} : { fileName: m.fileName }),
    ...(m.fileSize === null ? {} : { size: m.fileSize }),
    ...(m.mimeType === null ? {} : { mimeType: m.mimeType }),
    ...(m.durationMs === null ? {} : { durationMs: m.durationMs }),
  };
}

/**
 * The Message entity. A message has a single content, so content.id
 * is the message id: the browser only uses it as a React key.
 */
export function toMessageEntity({ message: m, author, reply, reactions = [] }: MessageWithAuthor): Message {
  // A webhook's message is the webhook's, under its name and with the 'bot' badge: the member it
  // is stored under is no author anyone sees (and it is unread and notified for them too).
  const bot = m.webhookId !== null ? { id: m.webhookId, name: m.botName ?? '', avatarUrl: m.botAvatarUrl } : null;
  return {
    id: m.id,
    authorId: bot?.id ?? m.authorId,
    author: bot ?? author,
    ...(bot ? { bot: true as const } : {}),
    content: {
      id: m.id,
      body: m.body,
      type: m.contentType,
      ...(m.caption === null ? {} : { caption: m.caption }),
      ...fileFields(m),
    },
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    conversationId: m.conversationId,
    groupId: m.groupId,
    clientId: m.clientId,
    editedAt: m.editedAt?.toISOString() ?? null,
    deletedAt: m.deletedAt?.toISOString() ?? null,
    deletedBy: m.deletedAt === null ? null : m.deletedById === m.authorId && !bot ? 'author' : 'admin',
    replyTo: toReplyQuote(reply),
    reactions: m.deletedAt === null ? reactions : [],
    mentions: m.mentions,
  };
}

/** What list queries read of the last message (see lastMessageLateral); all null when there is none. */
export interface LastMessageFields {
  id: string | null;
  deletedAt: Date | null;
  body: string | null;
  type: MessageRow['contentType'] | null;
  fileName: string | null;
  durationMs: number | null;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

export function toLastMessage(last: LastMessageFields | null): LastMessage | null {
  if (!last || last.body === null || !last.type || !last.authorId || !last.createdAt || !last.updatedAt) return null;
  return {
    ...(last.id ? { id: last.id } : {}),
    deleted: last.deletedAt !== null,
    content: {
      body: last.body,
      type: last.type,
      ...(last.fileName === null ? {} : { fileName: last.fileName }),
      ...(last.durationMs === null ? {} : { durationMs: last.durationMs }),
    },
    author: { name: last.authorName ?? '' },
    authorId: last.authorId,
    createdAt: last.createdAt.toISOString(),
    updatedAt: last.updatedAt.toISOString(),
  };
}
