import * as z from 'zod/mini';
import '../zod-locale';
import { countField } from './count-field';
import { lastMessageSchema } from './message';
import { userSchema } from './user';

export const conversationSchema = z.object({
  id: z.string(),
  userOneId: z.string(),
  userTwoId: z.string(),
  userOne: userSchema,
  userTwo: userSchema,
  createdAt: z.string(),
  lastMessage: z.nullable(lastMessageSchema),
  unreadMessages: countField(),
  /** The viewer silenced it; absent in events sent to both participants. */
  muted: z.optional(z.boolean()),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const groupMemberSchema = z.extend(userSchema, { isAdmin: z.optional(z.boolean()) });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.nullable(z.string()),
  members: z.array(groupMemberSchema),
  admins: z.array(userSchema),
  createdAt: z.string(),
  lastMessage: z.nullable(lastMessageSchema),
  /**
   * Per viewer, absent in events sent to every member: silenced, and unread mentions of the viewer.
   */
  muted: z.optional(z.boolean()),
  /**
   * Per viewer: messages of others not read yet, since the viewer joined. The chat list
   * still shows 0 for groups (docs/produto.md, Regras de conversa); the chat opens at the first of
   * them, under 'Mensagens não lidas'.
   */
  unreadMessages: z.optional(countField()),
  unreadMentions: z.optional(countField()),
});
export type Group = z.infer<typeof groupSchema>;
