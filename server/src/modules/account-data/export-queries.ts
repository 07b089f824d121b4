import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  apiKeys,
  conversations,
  groups,
  mediaUploads,
  messageReactions,
  messages,
  notificationSettings,
  pushSubscriptions,
  sessions,
  ssoIdentities,
  users,
} from '../../db/schema';
import { findUserById } from '../users/users.repository';
import { exportedMessageColumns } from '../exports/message-columns';

// What a person's export reads: only rows that are theirs (author, uploader, owner), each query
// bound to their id. Long lists come a page at a time, so an export of years of messages never
// holds them all.

export const EXPORT_PAGE_SIZE = 500;

/** The chat a message belongs to, as the person saw it. */
export interface ChatLabel {
  kind: 'conversa' | 'grupo';
  id: string;
  name: string;
}

export interface ExportedMessage {
  id: string;
  chat: ChatLabel;
  type: string;
  text: string | null;
  file: { name: string | null; url: string; mimeType: string | null; sizeBytes: number | null } | null;
  createdAt: string;
  editedAt: string | null;
}

export interface ExportedReaction {
  emoji: string;
  messageId: string;
  chat: ChatLabel;
  createdAt: string;
}

export interface ExportedUpload {
  key: string;
  contentType: string | null;
  sizeBytes: number;
  createdAt: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Profile, settings and the rows that describe the person's devices and keys (never a secret or a hash). */
export async function profileOf(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [settings] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const keys = await db
    .select({
      name: apiKeys.name,
      permissions: apiKeys.permissions,
      preview: apiKeys.preview,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt));
  const identities = await db
    .select({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject, createdAt: ssoIdentities.createdAt })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId));
  const devices = await db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return {
    id: user.id,
    name: user.name,
    nickName: user.nickName,
    email: user.email,
    role: user.role,
    avatarUrl: user.avatarUrl,
    workspace: user.workspace ? { id: user.workspace.id, name: user.workspace.name } : null,
    polygon: user.polygon ? user.polygon.name : null,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: iso(user.lastSeenAt),
    notificationSettings: settings
      ? {
          level: settings.level,
          quietStart: settings.quietStart,
          quietEnd: settings.quietEnd,
          timeZone: settings.timeZone,
          sound: settings.sound,
          emailDigest: settings.emailDigest,
        }
      : null,
    apiKeys: keys.map((k) => ({ ...k, createdAt: k.createdAt.toISOString(), revokedAt: iso(k.revokedAt) })),
    ssoIdentities: identities.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
    pushDevices: devices.map((d) => ({ endpoint: d.endpoint, createdAt: d.createdAt.toISOString() })),
  };
}
export type ExportedProfile = NonNullable<Awaited<ReturnType<typeof profileOf>>>;

export async function sessionsOf(db: Db, userId: string) {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  return rows.map((s) => ({
    device: s.device,
    browser: s.browser,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.lastUsedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    endedAt: iso(s.revokedAt),
  }));
}
export type ExportedSession = Awaited<ReturnType<typeof sessionsOf>>[number];

/**
 * Names the chats of a page: a conversation by the other person's name (as the list showed it to
 * the person), a group by its name. Cached across pages.
 */
export class ChatLabels {
  private readonly known = new Map<string, ChatLabel>();

  constructor(
    private readonly db: Db,
    private readonly userId: string,
  ) {}

  async of(rows: ReadonlyArray<{ conversationId: string | null; groupId: string | null }>): Promise<void> {
    const conversationIds = [
      ...new Set(rows.flatMap((r) => (r.conversationId && !this.known.has(r.conversationId) ? [r.conversationId] : []))),
    ];
    const groupIds = [...new Set(rows.flatMap((r) => (r.groupId && !this.known.has(r.groupId) ? [r.groupId] : [])))];
    if (conversationIds.length > 0) {
      const other = alias(users, 'other');
      const found = await this.db
        .select({ id: conversations.id, name: other.name })
        .from(conversations)
        .innerJoin(
          other,
          sql`${other.id} = CASE WHEN ${conversations.userOneId} = ${this.userId} THEN ${conversations.userTwoId} ELSE ${conversations.userOneId} END`,
        )
        .where(inArray(conversations.id, conversationIds));
      for (const c of found) this.known.set(c.id, { kind: 'conversa', id: c.id, name: `Conversa com ${c.name}` });
    }
    if (groupIds.length > 0) {
      const found = await this.db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds));
      for (const g of found) this.known.set(g.id, { kind: 'grupo', id: g.id, name: g.name });
    }
  }

  label(row: { conversationId: string | null; groupId: string | null }): ChatLabel {
    const id = (row.conversationId ?? row.groupId)!;
    return this.known.get(id) ?? { kind: row.conversationId ? 'conversa' : 'grupo', id, name: '' };
  }
}

/** The messages the person wrote and did not delete, oldest first (the group's own lines are no one's words). */
export async function* messagesOf(db: Db, userId: string): AsyncGenerator<ExportedMessage> {
  const labels = new ChatLabels(db, userId);
  let after = 0;
  for (;;) {
    const page = await db
      .select({
        ...exportedMessageColumns,
        conversationId: messages.conversationId,
        groupId: messages.groupId,
      })
      .from(messages)
      .where(and(eq(messages.authorId, userId), gt(messages.seq, after), isNull(messages.deletedAt), ne(messages.contentType, 'system')))
      .orderBy(asc(messages.seq))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) return;
    await labels.of(page);
    for (const m of page) {
      const isText = m.type === 'text';
      yield {
        id: m.id,
        chat: labels.label(m),
        type: m.type,
        text: isText ? m.body : m.caption,
        file: isText ? null : { name: m.fileName, url: m.body, mimeType: m.mimeType, sizeBytes: m.fileSize },
        createdAt: m.createdAt.toISOString(),
        editedAt: iso(m.editedAt),
      };
    }
    after = page[page.length - 1]!.seq;
  }
}

/** The person's reactions: which emoji on which message of which chat (never the other person's words). */
export async function* reactionsOf(db: Db, userId: string): AsyncGenerator<ExportedReaction> {
  const labels = new ChatLabels(db, userId);
  // Paged by the table's own key (message, person, emoji): exact, unlike a timestamp cut to milliseconds.
  type Cursor = { messageId: string; emoji: string };
  let after: Cursor | null = null;
  for (;;) {
    const cursor: Cursor | null = after;
    const page: Array<{ emoji: string; messageId: string; createdAt: Date; conversationId: string | null; groupId: string | null }> =
      await db
        .select({
          emoji: messageReactions.emoji,
          messageId: messageReactions.messageId,
          createdAt: messageReactions.createdAt,
          conversationId: messages.conversationId,
          groupId: messages.groupId,
        })
        .from(messageReactions)
        .innerJoin(messages, eq(messages.id, messageReactions.messageId))
        .where(
          and(
            eq(messageReactions.userId, userId),
            cursor
              ? sql`(${messageReactions.messageId}, ${messageReactions.emoji}) > (${cursor.messageId}::uuid, ${cursor.emoji})`
              : undefined,
          ),
        )
        .orderBy(asc(messageReactions.messageId), asc(messageReactions.emoji))
        .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) return;
    await labels.of(page);
    for (const r of page) yield { emoji: r.emoji, messageId: r.messageId, chat: labels.label(r), createdAt: r.createdAt.toISOString() };
    const last: Cursor = page[page.length - 1]!;
    after = { messageId: last.messageId, emoji: last.emoji };
  }
}

/** The files the person uploaded (photos, images, files, voice notes), by media key. */
export async function* uploadsOf(db: Db, userId: string): AsyncGenerator<ExportedUpload> {
  let after = '';
  for (;;) {
    const page = await db
      .select()
      .from(mediaUploads)
      .where(and(eq(mediaUploads.uploaderId, userId), gt(mediaUploads.key, after)))
      .orderBy(asc(mediaUploads.key))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) return;
    for (const u of page) yield { key: u.key, contentType: u.contentType, sizeBytes: u.sizeBytes, createdAt: u.createdAt.toISOString() };
    after = page[page.length - 1]!.key;
  }
}
