import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { chatListPagingShape } from './chat-list-page';
import { queryBooleanField, uuidField } from './fields';

export const SEARCH_MIN_MESSAGE = `A busca deve ter pelo menos ${LIMITS.searchMinChars} caracteres`;
const SEARCH_MAX = 100;
const SEARCH_MAX_MESSAGE = `A busca deve ter no máximo ${SEARCH_MAX} caracteres`;

/** Body of POST /conversation/create. */
export const createConversationBodySchema = z.object({ userTwoId: uuidField() });
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;

/** Query of GET /conversation/get-conversations (showEmpty is true in the list), paged as chat-list-page.ts says. */
export const getConversationsQuerySchema = z.object({ showEmpty: z.optional(queryBooleanField()), ...chatListPagingShape });
export type GetConversationsQuery = z.output<typeof getConversationsQuerySchema>;

/** Query `?content=` of the chat searches (conversations, groups): starts at 2 characters. */
export const searchQuerySchema = z.object({
  content: z
    .string(SEARCH_MIN_MESSAGE)
    .check(z.trim(), z.minLength(LIMITS.searchMinChars, SEARCH_MIN_MESSAGE), z.maxLength(SEARCH_MAX, SEARCH_MAX_MESSAGE)),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Query `?content=` of lookups that list everything when empty (users of the workspace, group members). */
export const optionalSearchQuerySchema = z.object({
  content: z._default(z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, SEARCH_MAX_MESSAGE))), ''),
});
export type OptionalSearchQuery = z.output<typeof optionalSearchQuerySchema>;

const HISTORY_LIMIT_MAX = 100;
const HISTORY_LIMIT_MESSAGE = `O limite deve ser entre 1 e ${HISTORY_LIMIT_MAX}`;

const cursorField = () =>
  z.optional(z.string('Cursor inválido').check(z.minLength(1, 'Cursor inválido'), z.maxLength(200, 'Cursor inválido')));

export const HISTORY_ONE_CURSOR = 'Use apenas um entre all, before, after e around';

/**
 * History paging (docs/api.md, O que vale para qualquer chamada): oldest first; `all=true` returns
 * everything, otherwise pages backwards from the `before` cursor, `limit` messages at a time.
 * `after` pages forwards (newer messages) and `around=<messageId>` returns `limit` messages before
 * it, it, and `limit` after.
 */
const historyPaging = {
  all: z.optional(queryBooleanField()),
  before: cursorField(),
  after: cursorField(),
  around: z.optional(uuidField()),
  limit: z._default(
    z.optional(
      z.coerce
        .number(HISTORY_LIMIT_MESSAGE)
        .check(z.int(HISTORY_LIMIT_MESSAGE), z.gte(1, HISTORY_LIMIT_MESSAGE), z.lte(HISTORY_LIMIT_MAX, HISTORY_LIMIT_MESSAGE)),
    ),
    LIMITS.historyPageSize,
  ),
};

// One way of paging at a time: a request naming two would have no single meaning.
const oneCursor = z.refine<{ all?: boolean; before?: string; after?: string; around?: string }>(
  (q) => [q.all === true, q.before !== undefined, q.after !== undefined, q.around !== undefined].filter(Boolean).length <= 1,
  { message: HISTORY_ONE_CURSOR, path: ['around'] },
);

/** Query of GET /message/get-messages-by-conversation. */
export const getMessagesByConversationQuerySchema = z.object({ conversationId: uuidField(), ...historyPaging }).check(oneCursor);
export type GetMessagesByConversationQuery = z.output<typeof getMessagesByConversationQuerySchema>;

/** Query of GET /message/get-messages-by-group. */
export const getMessagesByGroupQuerySchema = z.object({ groupId: uuidField(), ...historyPaging }).check(oneCursor);
export type GetMessagesByGroupQuery = z.output<typeof getMessagesByGroupQuerySchema>;

/**
 * GET /conversation/chat-summary: what the viewer's whole chat list adds up to, for what must not
 * depend on the pages loaded in the sidebar (the 'Conversas' badge, the silenced chats the
 * notifications leave out). Counts cover conversations and groups, as the list's rows do; each
 * chat counts its unread messages up to the server's cap (past what the list shows as '99+').
 */
export const chatSummarySchema = z.object({
  /** Conversations and groups with at least one unread message (silenced ones too). */
  unreadChats: z.number(),
  /** Their unread messages, summed, each chat's as its row in the list counts it. */
  unreadMessages: z.number(),
  mutedConversationIds: z.array(z.string()),
  mutedGroupIds: z.array(z.string()),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;
