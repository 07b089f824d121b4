import * as z from 'zod/mini';
import '../zod-locale';
import { contentTypeSchema } from '../entities/message';
import { searchQuerySchema } from './conversations';

// GET /message/search finds messages by their text (and files by their name) in every chat of the caller.

export const MESSAGE_SEARCH_LIMIT_MAX = 50;
export const MESSAGE_SEARCH_LIMIT_DEFAULT = 20;
const LIMIT_MESSAGE = `O limite deve ser entre 1 e ${MESSAGE_SEARCH_LIMIT_MAX}`;
const CURSOR_MESSAGE = 'Cursor inválido';

/** Query of GET /message/search: `before` is the `nextCursor` of the previous page (newest first). */
export const messageSearchQuerySchema = z.extend(searchQuerySchema, {
  limit: z._default(
    z.optional(
      z.coerce.number(LIMIT_MESSAGE).check(z.int(LIMIT_MESSAGE), z.gte(1, LIMIT_MESSAGE), z.lte(MESSAGE_SEARCH_LIMIT_MAX, LIMIT_MESSAGE)),
    ),
    MESSAGE_SEARCH_LIMIT_DEFAULT,
  ),
  before: z.optional(z.string(CURSOR_MESSAGE).check(z.regex(/^\d{1,15}$/, CURSOR_MESSAGE))),
});
export type MessageSearchQuery = z.output<typeof messageSearchQuerySchema>;

/** The chat a hit belongs to: a group by its name, a conversation by the other participant. */
export const messageSearchChatSchema = z.object({
  kind: z.enum(['conversation', 'group']),
  id: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  /** Conversations: the other participant's id. */
  peerId: z.nullable(z.string()),
});
export type MessageSearchChat = z.infer<typeof messageSearchChatSchema>;

/**
 * One message found by the words someone wrote: a text message's body, an image's caption
 * (`type` 'image'; `body` is then the caption, never the image's URL) or a file's name (`type`
 * 'file'; `body` is then the name as sent).
 */
export const messageSearchHitSchema = z.object({
  id: z.string(),
  chat: messageSearchChatSchema,
  author: z.object({ id: z.string(), name: z.string(), avatarUrl: z.nullable(z.string()) }),
  createdAt: z.string(),
  body: z.string(),
  type: contentTypeSchema,
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

export const messageSearchPageSchema = z.object({
  hits: z.array(messageSearchHitSchema),
  /** What to pass as `before` for older hits; null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type MessageSearchPage = z.infer<typeof messageSearchPageSchema>;
