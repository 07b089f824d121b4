import * as z from 'zod/mini';
import { LIMITS } from '../constants';
import { conversationSchema, groupMemberSchema, groupSchema, messageSchema, userSchema } from '../entities';
import { SEARCH_MIN_MESSAGE } from './conversations';
import { uuidField } from './fields';

// Chat calls whose query or response shape the other schema files leave open (issue 4).

const SEARCH_MAX = 100;

/**
 * Query `?content=` of the user lookups (users of the workspace, members of a group): empty lists
 * everything (the add-member modal opens on the full list), otherwise it searches from 2 characters
 * like every other search.
 */
export const lookupSearchQuerySchema = z.object({
  content: z._default(
    z.optional(
      z
        .string(SEARCH_MIN_MESSAGE)
        .check(
          z.trim(),
          z.refine((v) => v.length === 0 || v.length >= LIMITS.searchMinChars, SEARCH_MIN_MESSAGE),
          z.maxLength(SEARCH_MAX, `A busca deve ter no máximo ${SEARCH_MAX} caracteres`),
        ),
    ),
    '',
  ),
});
export type LookupSearchQuery = z.output<typeof lookupSearchQuerySchema>;

/** Query of GET /user/get-user-by-id. */
export const getUserByIdQuerySchema = z.object({ id: uuidField() });
export type GetUserByIdQuery = z.infer<typeof getUserByIdQuerySchema>;

/**
 * Response of GET /message/get-messages-by-{conversation,group}: `messages` oldest first.
 * `nextCursor` is what to pass as `before` for the previous (older) page; null, with
 * `hasMore: false`, once the beginning of the history is loaded (and always with `all=true`).
 */
export const messagesPageSchema = z.object({
  messages: z.array(messageSchema),
  hasMore: z.boolean(),
  nextCursor: z.nullable(z.string()),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const conversationListSchema = z.array(conversationSchema);
export const groupListSchema = z.array(groupSchema);
export const userListSchema = z.array(userSchema);
export const groupMemberListSchema = z.array(groupMemberSchema);
