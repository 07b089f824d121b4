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

/**
 * A group as lists, answers and events carry it: its head, never its whole membership (a company's
 * group of everyone would make every answer and event as large as the company). `members` are the
 * first few (LIMITS.groupHeadSize): the viewer first when they are a member, then admins, then by
 * name; `admins` the first few admins the same way. The whole membership pages from
 * GET /group/{groupId}/members.
 */
export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.nullable(z.string()),
  memberCount: countField(),
  members: z.array(groupMemberSchema),
  adminCount: countField(),
  admins: z.array(userSchema),
  /** Per viewer (absent in events sent to every member): the viewer is one of the group's admins. */
  viewerIsAdmin: z.optional(z.boolean()),
  createdAt: z.string(),
  lastMessage: z.nullable(lastMessageSchema),
  /**
   * Per viewer, absent in events sent to every member: silenced, and unread mentions of the viewer.
   */
  muted: z.optional(z.boolean()),
  /**
   * Per viewer: messages of others not read yet, since the viewer joined, up to a cap (the list
   * shows '99+' past 99), as a conversation's; the chat opens at the first of them, under
   * 'Mensagens não lidas'.
   */
  unreadMessages: z.optional(countField()),
  unreadMentions: z.optional(countField()),
});
export type Group = z.infer<typeof groupSchema>;

/**
 * What a `group::updated` changed. A rename carries the new texts; added members the first few of
 * them (the head's memberCount is the new count); a removal (or a member leaving) and admin
 * changes the ids.
 */
export const groupChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('renamed'), name: z.string(), description: z.string() }),
  z.object({ kind: z.literal('membersAdded'), members: z.array(groupMemberSchema), addedCount: countField() }),
  z.object({ kind: z.literal('memberRemoved'), memberId: z.string() }),
  z.object({ kind: z.literal('adminAdded'), adminId: z.string() }),
  z.object({ kind: z.literal('adminRemoved'), adminId: z.string() }),
  /** The head's avatarUrl is the new photo (null: removed). */
  z.object({ kind: z.literal('photoChanged') }),
]);
export type GroupChange = z.infer<typeof groupChangeSchema>;

/**
 * `group::updated`: what changed, and the group's head as every member sees it, bounded whatever
 * the group holds: the first LIMITS.groupEventHeadSize members and admins (enough for the chat
 * header's line), no per-viewer field and no last message (a change of the group never changes
 * it; the `message` events keep it).
 */
export const groupUpdatedSchema = z.extend(
  z.omit(groupSchema, { lastMessage: true, viewerIsAdmin: true, muted: true, unreadMessages: true, unreadMentions: true }),
  { change: groupChangeSchema },
);
export type GroupUpdated = z.infer<typeof groupUpdatedSchema>;

/** A page of GET /group/{groupId}/members: 'Você' first, then admins, then by name. */
export const groupMembersPageSchema = z.object({
  members: z.array(groupMemberSchema),
  /** What to pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.nullable(z.string()),
  /** Members matching the search (all of them without one). */
  total: countField(),
});
export type GroupMembersPage = z.infer<typeof groupMembersPageSchema>;

/** A page of GET /group/candidates: users of the viewer's workspace that may join, by name. */
export const groupCandidatesPageSchema = z.object({
  users: z.array(userSchema),
  nextCursor: z.nullable(z.string()),
  total: countField(),
});
export type GroupCandidatesPage = z.infer<typeof groupCandidatesPageSchema>;

/** GET /group/candidate-ids: every candidate matching the search ('Selecionar todos'). */
export const groupCandidateIdsSchema = z.object({ ids: z.array(z.string()) });
export type GroupCandidateIds = z.infer<typeof groupCandidateIdsSchema>;

/** POST /group/resolve-emails: the pasted e-mails that are candidates, and those that are not. */
export const resolvedEmailsSchema = z.object({
  users: z.array(userSchema),
  /** Not a member of the workspace (or no longer active). */
  unknown: z.array(z.string()),
  /** Already in the group. */
  alreadyMembers: z.array(z.string()),
});
export type ResolvedEmails = z.infer<typeof resolvedEmailsSchema>;
