import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { API_KEY_PERMISSIONS, LIMITS, ROLES, type WorkspaceFeature } from '@chat/contracts';
import { folded } from '../../lib/search';
import { createdAt } from './columns';

// One schema for both engines; SQL stays within PostgreSQL 15. Indexes are plain ascending ones:
// `.desc()` becomes DESC NULLS LAST, which PostgreSQL will not use for ORDER BY x DESC.

export const roleEnum = pgEnum('user_role', ROLES);

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  // Nullable because workspace and admin reference each other and one must exist first.
  adminId: uuid('admin_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  limitOfMembers: integer('limit_of_members').notNull().default(0),
  // Megabytes of uploaded files the workspace may keep (media_uploads' sizes); 0 means no quota.
  storageQuotaMb: integer('storage_quota_mb').notNull().default(0),
  // Members one group may have; checked under the group's row lock on every way in.
  groupMemberLimit: integer('group_member_limit').notNull().default(LIMITS.groupMemberLimitDefault),
  // The ADMIN's setting: uploads of programs, installers and scripts are refused (media/executables.ts).
  refuseExecutables: boolean('refuse_executables').notNull().default(false),
  // Per-workspace features: a subset of WORKSPACE_FEATURES, read by the contracts' featureFlags.
  features: text('features')
    .array()
    .$type<WorkspaceFeature[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

// Polygons ("poligonais", the original spec's neo custom data): labels an admin defines for the
// members of one workspace. Names are unique per workspace ignoring case.
export const neoCustomData = pgTable(
  'neo_custom_data',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('neo_custom_data_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    nickName: text('nick_name').notNull(),
    email: text('email').notNull(),
    role: roleEnum('role').notNull().default('USER'),
    passwordHash: text('password_hash').notNull(),
    avatarUrl: text('avatar_url'),
    // A user belongs to exactly one workspace; ROOT to none.
    workspaceId: uuid('workspace_id').references((): AnyPgColumn => workspaces.id, { onDelete: 'set null' }),
    // Removed members are deactivated, never deleted, so their messages keep an author.
    active: boolean('active').notNull().default(true),
    // The member's polygon label; deleting the polygon clears it.
    neoCustomDataId: uuid('neo_custom_data_id').references((): AnyPgColumn => neoCustomData.id, { onDelete: 'set null' }),
    // When the member's last socket closed ('visto por último'); null until they are first seen online.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Sign-in and uniqueness are case-insensitive.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_nick_name_lower_key').on(sql`lower(${t.nickName})`),
    // The team lists page through a workspace's members by (name, id) (users/member-pages.ts); the
    // index also serves every lookup by workspace alone, so it replaces the one on workspace_id.
    index('users_workspace_name_id_idx').on(t.workspaceId, t.name, t.id),
    // Deleting an image message asks whether its file is someone's photo.
    index('users_avatar_url_idx')
      .on(t.avatarUrl)
      .where(sql`${t.avatarUrl} IS NOT NULL`),
  ],
);

// A session is one sign-in on one device: the family of refresh tokens rotated from it, and the
// `sid` of every access token signed for it. Ending it (revokedAt) refuses those access tokens at
// once on every server process (revoked-sessions.ts) besides the refresh tokens.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Read from the User-Agent at sign-in (session-device.ts), for the list of active sessions.
    device: text('device').notNull(),
    browser: text('browser').notNull(),
    createdAt: createdAt(),
    // Sign-in or the last renewal: an open page renews every few minutes, so this is its last use.
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    // The absolute end of the family (30 days with rememberMe, else 12 hours).
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_revoked_at_idx').on(t.revokedAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Every token rotated from one sign-in shares a family; reuse of a rotated one revokes it all.
    familyId: uuid('family_id').notNull(),
    // sha256 of the opaque value: a database leak does not hand out sessions.
    tokenHash: text('token_hash').notNull(),
    // Absolute lifetime of the family, copied on rotation (30 days with rememberMe, else 12 hours).
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_id_idx').on(t.userId),
    index('refresh_tokens_family_id_idx').on(t.familyId),
  ],
);

// Password reset (docs/produto.md, Contas, sessões e segurança): single use, 1 hour. Only the
// sha256 of the mailed value is kept, so read access to the database does not let anyone reset a
// password.
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash), index('password_tokens_user_id_idx').on(t.userId)],
);

// Invitations to a workspace: code XXX-XXX, 7 days, single use, bound to one e-mail (stored lower case).
// A pending invite holds a seat of the workspace's member limit until it is used or expires.
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    code: text('code').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedById: uuid('used_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Registrations that brought this code with another e-mail; a few of them burn the code. */
    wrongEmailAttempts: integer('wrong_email_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Codes stay unique forever, so an old link never lands in someone else's workspace.
    uniqueIndex('invites_code_key').on(t.code),
    index('invites_workspace_id_email_idx').on(t.workspaceId, t.email),
  ],
);

// --- Chat ---

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // userOne is who started it: the browser hides an empty conversation from everyone else.
    userOneId: uuid('user_one_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTwoId: uuid('user_two_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One conversation per unordered pair: (ana, bruno) and (bruno, ana) collide here, which also
    // settles two simultaneous "create" calls (ON CONFLICT).
    uniqueIndex('conversations_pair_key').on(sql`least(${t.userOneId}, ${t.userTwoId})`, sql`greatest(${t.userOneId}, ${t.userTwoId})`),
    index('conversations_user_one_id_idx').on(t.userOneId),
    index('conversations_user_two_id_idx').on(t.userTwoId),
    check('conversations_distinct_users', sql`${t.userOneId} <> ${t.userTwoId}`),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Every member comes from this workspace; lookups check it so other workspaces get a 404.
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    avatarUrl: text('avatar_url'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // The read floor: every message of the group up to this seq has been read by all its active
    // members (the lowest of their read_seq once it passed it; it never goes back). A group
    // message is READ by this, not by its row's status: rewriting each message as it turned READ
    // moved it out of the partial index on status and wrote it again in every index.
    readFloorSeq: bigint('read_floor_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('groups_workspace_id_idx').on(t.workspaceId),
    // Deleting an image message asks whether its file is a group's photo.
    index('groups_avatar_url_idx')
      .on(t.avatarUrl)
      .where(sql`${t.avatarUrl} IS NOT NULL`),
  ],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    // Watermarks: this member has had delivered / has read every message of the group up to
    // this seq (group_receipt_marks holds when), and 'Silenciar'.
    deliveredSeq: bigint('delivered_seq', { mode: 'number' }).notNull().default(0),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    muted: boolean('muted').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_id_idx').on(t.userId)],
);

// 'system': the lines a group's server writes itself (who added, removed, promoted whom).
// 'file' and 'audio': a file of any kind and a voice note; their body is the URL too.
export const MESSAGE_CONTENT_TYPES = ['text', 'image', 'system', 'file', 'audio'] as const;
/** Stored statuses; PENDING exists only in the browser while a send is in flight. */
export const STORED_MESSAGE_STATUSES = ['SENT', 'DELIVERED', 'READ'] as const;
export const messageContentTypeEnum = pgEnum('message_content_type', MESSAGE_CONTENT_TYPES);
export const messageStatusEnum = pgEnum('message_status', STORED_MESSAGE_STATUSES);

// A user's mention token as contracts' mentionToken() writes it (MENTION_TOKEN_PATTERN), as a
// POSIX regular expression; '<@todos>' stays, since it reads '@todos'.
const MENTION_UUID_TOKEN = '<@[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}>';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Insertion order across the whole table: history pages and catch-up use it as the cursor
    // (timestamps tie, uuids are random).
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    contentType: messageContentTypeEnum('content_type').notNull().default('text'),
    body: text('body').notNull(),
    // The words under an image (null for text and for an image sent without them).
    caption: text('caption'),
    // A file's and a voice note's name as the sender's device had it, size and type (as stored,
    // never as the browser claimed), and a voice note's length; null for the other types.
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    mimeType: text('mime_type'),
    durationMs: integer('duration_ms'),
    // What the message search reads, kept by PostgreSQL itself: the words someone wrote (a text's
    // body, an image's caption, a file's name; an image's body is its URL, a group's own line
    // nobody's words, a voice note's name the same for all) folded as lib/search.ts's folded()
    // does, without mention tokens (`<@uuid>`, whose hex digits are no words of the text). Stored,
    // so a search does not fold every candidate again. A file is told from a voice note by its
    // missing length, not by its type: a migration cannot name an enum value added in the same
    // transaction (and the migrations run in one).
    bodyFolded: text('body_folded')
      .notNull()
      .generatedAlwaysAs((): SQL =>
        folded(
          sql`regexp_replace(CASE ${messages.contentType} WHEN 'text' THEN ${messages.body} WHEN 'image' THEN coalesce(${messages.caption}, '') ELSE coalesce(CASE WHEN ${messages.durationMs} IS NULL THEN ${messages.fileName} END, '') END, ${sql.raw(`'${MENTION_UUID_TOKEN}'`)}, ' ', 'g')`,
        ),
      ),
    // A conversation's message moves SENT -> DELIVERED -> READ here. A group message keeps the
    // status it was sent with: it is READ once its group's read floor passes it (groups.read_floor_seq).
    status: messageStatusEnum('status').notNull().default('SENT'),
    // The browser's id for the send: a retry with the same one returns the stored message.
    clientId: text('client_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // --- Message actions ---
    editedAt: timestamp('edited_at', { withTimezone: true }),
    // A deleted message keeps its row (replies and the history's order point at it) but not its
    // content: body becomes '' in the same statement.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: uuid('deleted_by_id').references(() => users.id),
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    // Mentioned user ids, and MENTION_ALL for '@todos' (groups only).
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // --- Posted by an incoming webhook (modules/webhooks) ---
    // The webhook that posted it (kept after the webhook is deleted: the message stays its), and
    // the name and avatar shown as its author; author_id is then the member it is stored under.
    webhookId: uuid('webhook_id'),
    botName: text('bot_name'),
    botAvatarUrl: text('bot_avatar_url'),
  },
  (t) => [
    check('messages_one_target', sql`(${t.conversationId} IS NULL) <> (${t.groupId} IS NULL)`),
    // Not partial, so that INSERT ... ON CONFLICT (author_id, client_id) can infer it.
    uniqueIndex('messages_author_client_key').on(t.authorId, t.clientId),
    // Partial: a message has one target, so each INSERT writes one of these two, not
    // one entry with a NULL key into the other (a measurable cost per send). Every read of them
    // filters with `=` on the column, which proves IS NOT NULL to the planner.
    index('messages_conversation_seq_idx')
      .on(t.conversationId, t.seq)
      .where(sql`${t.conversationId} IS NOT NULL`),
    index('messages_group_seq_idx')
      .on(t.groupId, t.seq)
      .where(sql`${t.groupId} IS NOT NULL`),
    // Unread counts only look at messages not yet read, a small slice of a long history.
    index('messages_conversation_unread_idx')
      .on(t.conversationId, t.authorId)
      .where(sql`${t.status} <> 'READ' AND ${t.conversationId} IS NOT NULL`),
    // A member's unread mentions walk only the group's messages that mention someone.
    index('messages_group_mentions_idx')
      .on(t.groupId, t.seq)
      .where(sql`${t.groupId} IS NOT NULL AND ${t.mentions} <> '{}'::text[]`),
    // Message search. Trigrams (pg_trgm, in PostgreSQL's contrib and PGlite's) of the
    // folded body serve `LIKE '%term%'`.
    index('messages_body_folded_trgm_idx').using('gin', sql`${t.bodyFolded} gin_trgm_ops`),
    // A frequent word matches thousands of messages: walking the newest ones backwards and
    // stopping after a page of hits beats reading every match (the planner picks per term).
    index('messages_seq_idx').on(t.seq),
    // Deleting an image message keeps its file while another message still shows it:
    // a lookup of the URL among image messages only, a small slice of the table.
    index('messages_image_body_idx')
      .on(t.body)
      .where(sql`${t.contentType} = 'image'`),
    // The same for files and voice notes: only they carry a file name.
    index('messages_file_body_idx')
      .on(t.body)
      .where(sql`${t.fileName} IS NOT NULL`),
    // The details panel's 'Arquivos' and 'Mídia': a chat's images and files, newest first, without
    // walking its text messages.
    index('messages_conversation_shared_idx')
      .on(t.conversationId, t.seq)
      .where(sql`${t.conversationId} IS NOT NULL AND (${t.contentType} = 'image' OR ${t.fileName} IS NOT NULL)`),
    index('messages_group_shared_idx')
      .on(t.groupId, t.seq)
      .where(sql`${t.groupId} IS NOT NULL AND (${t.contentType} = 'image' OR ${t.fileName} IS NOT NULL)`),
    // Deleting messages (retention, account deletion) sets the replies to them to null: without
    // this, every deleted row would scan the whole table for its replies.
    index('messages_reply_to_id_idx')
      .on(t.replyToId)
      .where(sql`${t.replyToId} IS NOT NULL`),
  ],
);

// --- Message actions ---

// One row per (message, user, emoji): a second reaction with the same emoji is the same row.
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId, t.emoji] })],
);

// When each member's watermarks (group_members.delivered_seq / read_seq) moved, to the minute:
// what 'Lida por' / 'Entregue a' show per person without a row per member per message. One row
// per (group, member, kind, minute) in which the watermark advanced, holding the range it crossed
// in that minute (from_seq, seq]: the time a member read (or had delivered) message M is that of
// the row whose range holds M.seq. The watermarks only grow, so the ranges of one member follow
// each other without overlap and the row with the largest from_seq < M.seq is the only candidate.
// A delivery at send (members online then) writes no row: a crossing without one is the
// message's own time. Every move of read_seq writes a crossing, so a member's read ranges have no
// gaps: a 'read' row is written by its minute's first crossing only, and its range runs on to
// where the member's next row starts (or to read_seq); its seq is where that first crossing ended.
export const RECEIPT_MARK_KINDS = ['delivered', 'read'] as const;
export const receiptMarkKindEnum = pgEnum('receipt_mark_kind', RECEIPT_MARK_KINDS);

export const groupReceiptMarks = pgTable(
  'group_receipt_marks',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: receiptMarkKindEnum('kind').notNull(),
    // Truncated to the minute: the panel shows minutes, and a member's rows grow per active minute.
    at: timestamp('at', { withTimezone: true }).notNull(),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId, t.kind, t.at] }),
    // The row of a message's crossing: the last to start below it. Not on seq, which every
    // upsert of the minute's row moves: the row stays a HOT update, no index entry each time.
    index('group_receipt_marks_from_seq_idx').on(t.groupId, t.userId, t.kind, t.fromSeq),
  ],
);

// 'Silenciar' on a conversation, per user (groups keep it in group_members.muted).
export const conversationMutes = pgTable(
  'conversation_mutes',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

// --- API keys ---

export const apiKeyPermissionEnum = pgEnum('api_key_permission', API_KEY_PERMISSIONS);

// One active key per user (creating one revokes the previous). Only the sha256 of the key is kept,
// with its last 4 characters to show which key is active.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: apiKeyPermissionEnum('permissions').notNull(),
    keyHash: text('key_hash').notNull(),
    preview: text('preview').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    // At most one active key per user, even under two concurrent creations.
    uniqueIndex('api_keys_active_user_key')
      .on(t.userId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

// Every stored upload and whose it is: a media URL is usable (message, avatar) only in the
// uploader's workspace, and the sizes are what the workspace's storage quota counts. A row is
// written once the file is stored, and removed with the file.
export const mediaUploads = pgTable(
  'media_uploads',
  {
    // The media store's key, "<folder>/<file>" (see media-key.ts).
    key: text('key').primaryKey(),
    // Null for ROOT, who has no workspace: then only the uploader may use the file.
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    // The type the upload URL was signed for (null for uploads stored before it was kept).
    contentType: text('content_type'),
    // An upload straight to an S3-compatible bucket, signed but not yet checked: written with the
    // upload URL (the size then is the one declared, or 0), cleared once the server has checked the
    // object (direct-upload-check.ts). Uploads through the server are checked as they arrive.
    pending: boolean('pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('media_uploads_workspace_id_idx').on(t.workspaceId)],
);

export type UserRow = typeof users.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type PasswordTokenRow = typeof passwordTokens.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type GroupMemberRow = typeof groupMembers.$inferSelect;
/** A message as the code reads it: every column but bodyFolded, which only the search's WHERE needs. */
export type MessageRow = Omit<typeof messages.$inferSelect, 'bodyFolded'>;
const { bodyFolded: _searchOnly, ...messageColumnsWithoutFolded } = getTableColumns(messages);
/** The columns of MessageRow, for select lists and RETURNING. */
export const messageColumns = messageColumnsWithoutFolded;
export type NeoCustomDataRow = typeof neoCustomData.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type MessageReactionRow = typeof messageReactions.$inferSelect;
export * from './notifications';
export * from './sso';
export * from './email-digest';
export * from './webhooks';
export * from './data-exports';
export * from './audit';
export * from './workspace-deletions';
