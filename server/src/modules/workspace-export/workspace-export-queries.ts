import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  conversations,
  groupMembers,
  groups,
  mediaUploads,
  messageReactions,
  messages,
  neoCustomData,
  users,
  workspaces,
} from '../../db/schema';
import { ownMediaKey } from '../media/own-media-url';
import { exportedMessageColumns } from '../exports/message-columns';

// What a workspace's export reads: every query is bound to the workspace's id (its members, its
// groups, the conversations its members started, its uploads), so nothing of another workspace
// can come in. Every list is read a page at a time by a key of its own (keyset), so an export of
// a large workspace never holds its history, its members or its files at once.

export const PAGE_SIZE = 500;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Someone named in the export: their id and the name they have now. */
export interface PersonRef {
  id: string;
  name: string;
}

export interface ExportedMember {
  id: string;
  name: string;
  nickName: string;
  email: string;
  role: string;
  status: 'ativo' | 'removido';
  avatarUrl: string | null;
  polygon: string | null;
  createdAt: string;
  lastSeenAt: string | null;
}

export interface ExportedGroup {
  id: string;
  name: string;
  description: string;
  createdAt: string;
  members: PersonRef[];
  admins: PersonRef[];
}

export interface ExportedConversation {
  id: string;
  name: string;
  participants: [PersonRef, PersonRef];
  createdAt: string;
}

/** The chat a message belongs to. */
export interface ChatRef {
  kind: 'conversa' | 'grupo';
  id: string;
  name: string;
}

export interface ExportedMessage {
  id: string;
  chat: ChatRef;
  sender: PersonRef;
  type: string;
  text: string | null;
  /** The file of an image, file or voice note; `inZip` is its path in the archive when it is there. */
  file: { name: string | null; url: string; mimeType: string | null; sizeBytes: number | null; inZip: string | null } | null;
  createdAt: string;
  editedAt: string | null;
  /** Posted by an integration under this name. */
  botName: string | null;
  reactions: Array<{ emoji: string; by: PersonRef; createdAt: string }>;
}

export interface ExportedUpload {
  key: string;
  uploader: PersonRef;
  contentType: string | null;
  sizeBytes: number;
  createdAt: string;
}

export async function workspaceOf(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, createdAt: workspaces.createdAt })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** A page of the workspace's members by (name, id), the index the team list pages with. */
const memberPage = (db: Db, workspaceId: string, after: { name: string; id: string } | null) =>
  db
    .select({
      id: users.id,
      name: users.name,
      nickName: users.nickName,
      email: users.email,
      role: users.role,
      active: users.active,
      avatarUrl: users.avatarUrl,
      polygon: neoCustomData.name,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .leftJoin(neoCustomData, eq(neoCustomData.id, users.neoCustomDataId))
    .where(
      and(eq(users.workspaceId, workspaceId), after ? sql`(${users.name}, ${users.id}) > (${after.name}, ${after.id}::uuid)` : undefined),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(PAGE_SIZE);

/** The members, removed ones too (their messages stay), by name. */
export async function* membersOf(db: Db, workspaceId: string): AsyncGenerator<ExportedMember> {
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const page = await memberPage(db, workspaceId, after);
    if (page.length === 0) return;
    for (const u of page) {
      yield {
        id: u.id,
        name: u.name,
        nickName: u.nickName,
        email: u.email,
        role: u.role,
        status: u.active ? 'ativo' : 'removido',
        avatarUrl: u.avatarUrl,
        polygon: u.polygon,
        createdAt: u.createdAt.toISOString(),
        lastSeenAt: iso(u.lastSeenAt),
      };
    }
    const last = page[page.length - 1]!;
    after = { name: last.name, id: last.id };
  }
}

/** The groups with their members and admins, a page of groups at a time. */
export async function* groupsOf(db: Db, workspaceId: string): AsyncGenerator<ExportedGroup> {
  let after: string | null = null;
  for (;;) {
    const cursor: string | null = after;
    const page = await db
      .select({ id: groups.id, name: groups.name, description: groups.description, createdAt: groups.createdAt })
      .from(groups)
      .where(and(eq(groups.workspaceId, workspaceId), cursor ? gt(groups.id, cursor) : undefined))
      .orderBy(asc(groups.id))
      .limit(PAGE_SIZE);
    if (page.length === 0) return;
    const memberRows = await db
      .select({ groupId: groupMembers.groupId, isAdmin: groupMembers.isAdmin, id: users.id, name: users.name })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(
        inArray(
          groupMembers.groupId,
          page.map((g) => g.id),
        ),
      )
      .orderBy(asc(users.name));
    for (const g of page) {
      const mine = memberRows.filter((m) => m.groupId === g.id);
      yield {
        id: g.id,
        name: g.name,
        description: g.description,
        createdAt: g.createdAt.toISOString(),
        members: mine.map((m) => ({ id: m.id, name: m.name })),
        admins: mine.filter((m) => m.isAdmin).map((m) => ({ id: m.id, name: m.name })),
      };
    }
    after = page[page.length - 1]!.id;
  }
}

/** The conversations between the workspace's members (both are always of one workspace). */
export async function* conversationsOf(db: Db, workspaceId: string): AsyncGenerator<ExportedConversation> {
  const one = alias(users, 'one');
  const two = alias(users, 'two');
  let after: string | null = null;
  for (;;) {
    const cursor: string | null = after;
    const page = await db
      .select({
        id: conversations.id,
        createdAt: conversations.createdAt,
        oneId: one.id,
        oneName: one.name,
        twoId: two.id,
        twoName: two.name,
      })
      .from(conversations)
      .innerJoin(one, eq(one.id, conversations.userOneId))
      .innerJoin(two, eq(two.id, conversations.userTwoId))
      .where(and(eq(one.workspaceId, workspaceId), eq(two.workspaceId, workspaceId), cursor ? gt(conversations.id, cursor) : undefined))
      .orderBy(asc(conversations.id))
      .limit(PAGE_SIZE);
    if (page.length === 0) return;
    for (const c of page) {
      yield {
        id: c.id,
        name: `Conversa entre ${c.oneName} e ${c.twoName}`,
        participants: [
          { id: c.oneId, name: c.oneName },
          { id: c.twoId, name: c.twoName },
        ],
        createdAt: c.createdAt.toISOString(),
      };
    }
    after = page[page.length - 1]!.id;
  }
}

/** Every chat of the workspace: its groups, then its conversations. */
async function* chatsOf(db: Db, workspaceId: string): AsyncGenerator<ChatRef> {
  for await (const g of groupsOf(db, workspaceId)) yield { kind: 'grupo', id: g.id, name: g.name };
  for await (const c of conversationsOf(db, workspaceId)) yield { kind: 'conversa', id: c.id, name: c.name };
}

/**
 * Every message of the workspace that was not deleted, chat by chat, each chat oldest first:
 * pages of a chat's messages by (chat, seq), the index its history is read with.
 */
export async function* messagesOf(db: Db, workspaceId: string, appUrl: string): AsyncGenerator<ExportedMessage> {
  for await (const chat of chatsOf(db, workspaceId)) {
    const inChat = chat.kind === 'grupo' ? eq(messages.groupId, chat.id) : eq(messages.conversationId, chat.id);
    let after = 0;
    for (;;) {
      const page = await db
        .select({
          ...exportedMessageColumns,
          authorId: messages.authorId,
          authorName: users.name,
          botName: messages.botName,
        })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.authorId))
        .where(and(inChat, gt(messages.seq, after), isNull(messages.deletedAt)))
        .orderBy(asc(messages.seq))
        .limit(PAGE_SIZE);
      if (page.length === 0) break;
      const reactions = await reactionsOf(
        db,
        page.map((m) => m.id),
      );
      const inZip = await filesInZip(
        db,
        workspaceId,
        page.flatMap((m) => (m.type === 'text' || m.type === 'system' ? [] : [m.body])),
        appUrl,
      );
      for (const m of page) {
        const hasFile = m.type !== 'text' && m.type !== 'system';
        yield {
          id: m.id,
          chat,
          sender: { id: m.authorId, name: m.authorName },
          type: m.type,
          text: hasFile ? m.caption : m.body,
          file: hasFile
            ? { name: m.fileName, url: m.body, mimeType: m.mimeType, sizeBytes: m.fileSize, inZip: inZip.get(m.body) ?? null }
            : null,
          createdAt: m.createdAt.toISOString(),
          editedAt: iso(m.editedAt),
          botName: m.botName,
          reactions: reactions.get(m.id) ?? [],
        };
      }
      after = page[page.length - 1]!.seq;
    }
  }
}

/** The reactions to a page of messages, by message. */
async function reactionsOf(db: Db, messageIds: string[]): Promise<Map<string, ExportedMessage['reactions']>> {
  const rows = await db
    .select({
      messageId: messageReactions.messageId,
      emoji: messageReactions.emoji,
      id: users.id,
      name: users.name,
      createdAt: messageReactions.createdAt,
    })
    .from(messageReactions)
    .innerJoin(users, eq(users.id, messageReactions.userId))
    .where(inArray(messageReactions.messageId, messageIds))
    .orderBy(asc(messageReactions.createdAt));
  const byMessage = new Map<string, ExportedMessage['reactions']>();
  for (const r of rows) {
    const list = byMessage.get(r.messageId) ?? [];
    list.push({ emoji: r.emoji, by: { id: r.id, name: r.name }, createdAt: r.createdAt.toISOString() });
    byMessage.set(r.messageId, list);
  }
  return byMessage;
}

/** Which of these message URLs are the workspace's stored uploads, and so in the zip (by URL). */
async function filesInZip(db: Db, workspaceId: string, urls: string[], appUrl: string): Promise<Map<string, string>> {
  const keyOf = new Map<string, string>();
  for (const url of urls) {
    const key = ownMediaKey(url, appUrl)?.key;
    if (key) keyOf.set(url, key);
  }
  if (keyOf.size === 0) return new Map();
  const stored = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.workspaceId, workspaceId), inArray(mediaUploads.key, [...new Set(keyOf.values())])));
  const present = new Set(stored.map((s) => s.key));
  return new Map([...keyOf].flatMap(([url, key]) => (present.has(key) ? [[url, `arquivos/${key}`] as [string, string]] : [])));
}

/** The files the workspace's members uploaded and that are stored (checked), by media key. */
export async function* uploadsOf(db: Db, workspaceId: string): AsyncGenerator<ExportedUpload> {
  let after = '';
  for (;;) {
    const page = await db
      .select({
        key: mediaUploads.key,
        contentType: mediaUploads.contentType,
        sizeBytes: mediaUploads.sizeBytes,
        createdAt: mediaUploads.createdAt,
        uploaderId: users.id,
        uploaderName: users.name,
      })
      .from(mediaUploads)
      .innerJoin(users, eq(users.id, mediaUploads.uploaderId))
      .where(and(eq(mediaUploads.workspaceId, workspaceId), eq(mediaUploads.pending, false), gt(mediaUploads.key, after)))
      .orderBy(asc(mediaUploads.key))
      .limit(PAGE_SIZE);
    if (page.length === 0) return;
    for (const u of page) {
      yield {
        key: u.key,
        uploader: { id: u.uploaderId, name: u.uploaderName },
        contentType: u.contentType,
        sizeBytes: u.sizeBytes,
        createdAt: u.createdAt.toISOString(),
      };
    }
    after = page[page.length - 1]!.key;
  }
}
