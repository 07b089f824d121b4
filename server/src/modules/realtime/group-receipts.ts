import type { GroupReadPayload } from '@chat/contracts';
import type { Db } from '../../db/client';
import { findMembership } from '../groups/groups.repository';
import { completeReads, deliverWaitingMany, readAll, readBound, type ReceiptRow } from '../messages/group-receipts.repository';
import type { ChatEvents } from './chat-events';
import type { SocketUser } from './handshake';

interface Deps {
  db: Db;
  events: ChatEvents;
}

/**
 * `message:receipt` to the authors whose group messages `userId` just had delivered or read, one
 * event per (group, author) with that author's ids. Read messages every current member has read
 * become READ in the same pass (completedIds).
 */
async function announce(deps: Deps, rows: ReceiptRow[], userId: string, status: 'DELIVERED' | 'READ'): Promise<void> {
  if (rows.length === 0) return;
  const completed = new Set(
    status === 'READ' ? (await completeReads(deps.db, { ids: rows.map((r) => r.messageId) })).map((r) => r.id) : [],
  );
  const at = new Date().toISOString();
  const byAuthor = new Map<string, ReceiptRow[]>();
  for (const row of rows) {
    const key = `${row.groupId} ${row.authorId}`;
    const list = byAuthor.get(key);
    if (list) list.push(row);
    else byAuthor.set(key, [row]);
  }
  for (const list of byAuthor.values()) {
    const { groupId, authorId } = list[0]!;
    const messageIds = list.map((r) => r.messageId);
    deps.events.toUsers([authorId], 'message:receipt', {
      groupId,
      userId,
      status,
      at,
      messageIds,
      completedIds: messageIds.filter((id) => completed.has(id)),
    });
  }
}

/**
 * `group:read {groupId, lastMessageId?}` from a member who has the group open: what it showed
 * (up to that message; without it, everything) is read, in one statement. The reader's own tabs
 * hear it too, with how far it went (`readUpTo`): their count and '@' badge of that group clear
 * unless a message of others came after it (a read that reached the server late). Anyone else,
 * or a `lastMessageId` from elsewhere, is dropped.
 */
export async function markGroupRead(deps: Deps, reader: SocketUser, { groupId, lastMessageId }: GroupReadPayload): Promise<void> {
  if (!(await findMembership(deps.db, groupId, reader.id))) return;
  const bound = lastMessageId ? await readBound(deps.db, groupId, lastMessageId) : null;
  if (bound === undefined) return;
  const rows = await readAll(deps.db, groupId, reader.id, bound?.seq ?? null);
  await announce(deps, rows, reader.id, 'READ');
  deps.events.toUsers([reader.id], 'message:receipt', {
    groupId,
    userId: reader.id,
    status: 'READ',
    at: new Date().toISOString(),
    messageIds: [],
    completedIds: [],
    ...(bound ? { readUpTo: bound.createdAt.toISOString() } : {}),
  });
}

/**
 * These users came online (several at once after a restart, create-presence.ts): their waiting
 * group messages are delivered in one statement, and each author hears it per reader.
 */
export async function deliverGroupMessages(deps: Deps, userIds: readonly string[]): Promise<number> {
  const rows = await deliverWaitingMany(deps.db, userIds);
  const byReader = new Map<string, ReceiptRow[]>();
  for (const row of rows) {
    const list = byReader.get(row.userId);
    if (list) list.push(row);
    else byReader.set(row.userId, [row]);
  }
  for (const [userId, theirs] of byReader) await announce(deps, theirs, userId, 'DELIVERED');
  return rows.length;
}

/**
 * The group lost readers (`departedId` was removed from it, or their account was): its messages
 * the remaining members have all read turn READ now, and each author hears it for their own
 * (completedIds), as after a read. One statement per group.
 */
export async function recheckGroupReads(deps: Deps, groupIds: readonly string[], departedId: string): Promise<void> {
  for (const groupId of groupIds) {
    const completed = await completeReads(deps.db, { groupId });
    const byAuthor = new Map<string, string[]>();
    for (const { id, authorId } of completed) byAuthor.set(authorId, [...(byAuthor.get(authorId) ?? []), id]);
    const at = new Date().toISOString();
    for (const [authorId, ids] of byAuthor) {
      deps.events.toUsers([authorId], 'message:receipt', {
        groupId,
        userId: departedId,
        status: 'READ',
        at,
        messageIds: [],
        completedIds: ids,
      });
    }
  }
}
