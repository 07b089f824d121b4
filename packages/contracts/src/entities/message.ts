import * as z from 'zod/mini';
import '../zod-locale';
import { CONTENT_TYPES } from './content-types';

export const MESSAGE_STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'READ'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const contentTypeSchema = z.enum(CONTENT_TYPES);

/** Who deleted a message: its author, or a group admin. */
export const DELETED_BY = ['author', 'admin'] as const;

/** The quoted message of a reply, as it reads now (empty body when it was deleted since). */
export const replyQuoteSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  body: z.string(),
  type: contentTypeSchema,
  deleted: z.boolean(),
});
export type ReplyQuote = z.infer<typeof replyQuoteSchema>;

/** One emoji on a message with everyone who chose it, oldest first. */
export const reactionSchema = z.object({
  emoji: z.string(),
  users: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Reaction = z.infer<typeof reactionSchema>;

export const messageSchema = z.object({
  id: z.string(),
  authorId: z.string(),
  author: z.object({ id: z.string(), name: z.string(), avatarUrl: z.nullable(z.string()) }),
  // Posted by an incoming webhook: authorId and author are the webhook's (its name, shown with the
  // 'bot' badge), never a member's.
  bot: z.optional(z.literal(true)),
  // An image's caption, when it was sent with one; a file's and a voice note's name, size and type,
  // and a voice note's length.
  content: z.object({
    id: z.string(),
    body: z.string(),
    type: contentTypeSchema,
    caption: z.optional(z.string()),
    fileName: z.optional(z.string()),
    size: z.optional(z.number()),
    mimeType: z.optional(z.string()),
    durationMs: z.optional(z.number()),
  }),
  status: messageStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  conversationId: z.nullable(z.string()),
  groupId: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  // A deleted message has an empty body, no mentions and no reactions.
  editedAt: z.nullable(z.string()),
  deletedAt: z.nullable(z.string()),
  deletedBy: z.nullable(z.enum(DELETED_BY)),
  replyTo: z.nullable(replyQuoteSchema),
  reactions: z.array(reactionSchema),
  mentions: z.array(z.string()),
});
export type Message = z.infer<typeof messageSchema>;

/** The issue-15 fields of a message nobody has edited, deleted, replied with or reacted to (the browser's optimistic entries). */
export const untouchedMessageFields = (): Pick<Message, 'editedAt' | 'deletedAt' | 'deletedBy' | 'replyTo' | 'reactions' | 'mentions'> => ({
  editedAt: null,
  deletedAt: null,
  deletedBy: null,
  replyTo: null,
  reactions: [],
  mentions: [],
});

export const lastMessageSchema = z.object({
  // Which message it is (an edit or delete of it changes the preview) and whether it was deleted.
  id: z.optional(z.string()),
  deleted: z.optional(z.boolean()),
  // A file's name and a voice note's length, for the preview ('relatorio.pdf', 'Mensagem de voz (0:42)').
  content: z.object({ body: z.string(), type: contentTypeSchema, fileName: z.optional(z.string()), durationMs: z.optional(z.number()) }),
  author: z.object({ name: z.string() }),
  authorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;
