import * as z from 'zod/mini';
import './zod-locale';
import { ROLES } from './constants';
import { WORKSPACE_FEATURES } from './feature-flags';

// Entity shapes as the server sends them (SPEC section 3, DESIGN section 2).
export const roleSchema = z.enum(ROLES);

export const workspaceFeatureSchema = z.enum(WORKSPACE_FEATURES);
export const workspaceFeaturesSchema = z.array(workspaceFeatureSchema);

export const polygonSchemaEntity = z.object({ id: z.string(), name: z.string() });
export type Polygon = z.infer<typeof polygonSchemaEntity>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string(),
  email: z.string(),
  role: roleSchema,
  avatarUrl: z.nullable(z.string()),
  neoCustomData: z.nullable(polygonSchemaEntity),
  // features: the workspace's own (issue 10), so that featureFlags works from the stored user.
  // Optional only for users stored before it existed; the server always sends it.
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), features: z.optional(workspaceFeaturesSchema) })),
});
export type User = z.infer<typeof userSchema>;

/** What the browser keeps of the user in local storage (after a profile update: fewer fields). */
export const storedUserSchema = z.required(z.partial(userSchema), { id: true, name: true, role: true });
export type StoredUser = z.infer<typeof storedUserSchema>;

export const MESSAGE_STATUSES = ['PENDING', 'SENT', 'DELIVERED', 'READ'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const contentTypeSchema = z.enum(['text', 'image']);
export type ContentType = z.infer<typeof contentTypeSchema>;

/** Who deleted a message: its author, or a group admin (issue 15). */
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
  content: z.object({ id: z.string(), body: z.string(), type: contentTypeSchema }),
  status: messageStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  conversationId: z.nullable(z.string()),
  groupId: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  // Issue 15. A deleted message has an empty body, no mentions and no reactions.
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
  // Issue 15: which message it is (an edit or delete of it changes the preview) and whether it was deleted.
  id: z.optional(z.string()),
  deleted: z.optional(z.boolean()),
  content: z.object({ body: z.string(), type: contentTypeSchema }),
  author: z.object({ name: z.string() }),
  authorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

const countField = () => z.number().check(z.int(), z.nonnegative());

export const conversationSchema = z.object({
  id: z.string(),
  userOneId: z.string(),
  userTwoId: z.string(),
  userOne: userSchema,
  userTwo: userSchema,
  createdAt: z.string(),
  lastMessage: z.nullable(lastMessageSchema),
  unreadMessages: countField(),
  /** The viewer silenced it (issue 15); absent in events sent to both participants. */
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
  /** Per viewer (issue 15), absent in events sent to every member: silenced, and unread mentions of the viewer. */
  muted: z.optional(z.boolean()),
  /**
   * Per viewer (issue 16): messages of others not read yet, since the viewer joined. The chat list
   * still shows 0 for groups (SPEC); the chat opens at the first of them, under 'Mensagens não lidas'.
   */
  unreadMessages: z.optional(countField()),
  unreadMentions: z.optional(countField()),
});
export type Group = z.infer<typeof groupSchema>;

/** A workspace as GET /workspace/list answers it (issue 11). */
export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  admin: z.nullable(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  membersCount: countField(),
  /** 0 means no limit. */
  limitOfMembers: countField(),
  features: workspaceFeaturesSchema,
  createdAt: z.string(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** GET /workspace/{id} and GET /workspace/get-by-admin-id: the summary plus the active members. */
export const workspaceSchemaEntity = z.extend(workspaceSummarySchema, { members: z.array(userSchema) });
export type Workspace = z.infer<typeof workspaceSchemaEntity>;

export const API_KEY_PERMISSIONS = ['FULL_ACCESS', 'READ_ONLY'] as const;
export const apiKeyEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.enum(API_KEY_PERMISSIONS),
  preview: z.string(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeyEntitySchema>;
