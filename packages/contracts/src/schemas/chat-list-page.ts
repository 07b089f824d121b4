import * as z from 'zod/mini';
import '../zod-locale';
import { parseChatListCursor } from '../chat-list-cursor';
import { LIMITS } from '../constants';

export const CHAT_LIST_LIMIT_MESSAGE = `O limite deve ser entre 1 e ${LIMITS.chatListPageMax}`;
export const CHAT_LIST_CURSOR_MESSAGE = 'Cursor inválido: use <data ISO>|<id>';

/**
 * The paging of the chat lists (docs/api.md, Listas de conversas e grupos): without `limit` and
 * `before` the whole list comes, as before paging existed; with them, at most `limit` chats
 * older (by last activity, then id) than the `before` cursor, newest first. A page shorter than
 * `limit` is the last one.
 */
export const chatListPagingShape = {
  limit: z.optional(
    z.coerce
      .number(CHAT_LIST_LIMIT_MESSAGE)
      .check(z.int(CHAT_LIST_LIMIT_MESSAGE), z.gte(1, CHAT_LIST_LIMIT_MESSAGE), z.lte(LIMITS.chatListPageMax, CHAT_LIST_LIMIT_MESSAGE)),
  ),
  before: z.optional(
    z.string(CHAT_LIST_CURSOR_MESSAGE).check(z.refine((value) => parseChatListCursor(value) !== null, CHAT_LIST_CURSOR_MESSAGE)),
  ),
};

/** Query of GET /group/list. */
export const listGroupsQuerySchema = z.object(chatListPagingShape);
export type ListGroupsQuery = z.output<typeof listGroupsQuerySchema>;
