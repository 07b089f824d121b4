import * as z from 'zod/mini';
import { conversationSchema, groupMemberSchema, groupSchema, messageSchema, userSchema } from '../entities';
import { uuidField } from './fields';

// Chat calls whose query or response shape the other schema files leave open.

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
  /**
   * Only on `around` and `after` pages (a window that may stop before the live end):
   * whether newer messages exist, and what to pass as `after` for them.
   */
  hasNewer: z.optional(z.boolean()),
  newerCursor: z.optional(z.nullable(z.string())),
});
export type MessagesPage = z.infer<typeof messagesPageSchema>;

export const conversationListSchema = z.array(conversationSchema);
export const groupListSchema = z.array(groupSchema);
export const userListSchema = z.array(userSchema);
export const groupMemberListSchema = z.array(groupMemberSchema);
