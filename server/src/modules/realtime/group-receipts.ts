import type { GroupReadPayload } from '@chat/contracts';
import type { Db } from '../../db/client';
import { completeAfterDeparture, deliverWaitingMany } from '../messages/group-receipts.repository';
import type { ChatEvents } from './chat-events';
import type { GroupReads } from './group-reads';
import type { SocketUser } from './handshake';
import type { ReceiptNotices } from './receipt-notices';

/**
 * `group:read {groupId, lastMessageId?}` from a member who has the group open: what it showed (up
 * to that message; without it, everything) is read. It joins this process's batch of reads
 * (GroupReads: one statement for the batch, whatever was unread); the reader's own tabs then hear
 * how far it went (`readUpTo`): their count and '@' badge of that group clear unless a message of
 * others came after it (a read that reached the server late). Anyone else, or a `lastMessageId`
 * from elsewhere, is dropped there.
 */
export async function markGroupRead(
  deps: { groupReads: GroupReads },
  reader: SocketUser,
  { groupId, lastMessageId }: GroupReadPayload,
): Promise<void> {
  await deps.groupReads.submit({ groupId, userId: reader.id, messageId: lastMessageId ?? null, announce: true });
}

/**
 * These users came online (several at once after a restart, create-presence.ts): their group
 * messages are delivered in one statement, and the authors of the newest of them hear it, gathered
 * per (group, author). Returns how many memberships moved.
 */
export async function deliverGroupMessages(deps: { db: Db; notices: ReceiptNotices }, userIds: readonly string[]): Promise<number> {
  const groups = await deliverWaitingMany(deps.db, userIds);
  for (const { groupId, userIds: reached, authorIds } of groups) {
    for (const authorId of authorIds) deps.notices.add(groupId, authorId, { status: 'DELIVERED', userIds: reached, completedIds: [] });
  }
  return groups.reduce((sum, g) => sum + g.userIds.length, 0);
}

/**
 * The group lost readers (`departedId` was removed from it, or their account was): its messages
 * the remaining members have all read turn READ now, and each author hears it for their own
 * (completedIds), as after a read.
 */
export async function recheckGroupReads(
  deps: { db: Db; events: ChatEvents },
  groupIds: readonly string[],
  departedId: string,
): Promise<void> {
  for (const groupId of groupIds) {
    const completed = await completeAfterDeparture(deps.db, groupId);
    const byAuthor = new Map<string, string[]>();
    for (const { id, authorId } of completed) byAuthor.set(authorId, [...(byAuthor.get(authorId) ?? []), id]);
    const at = new Date().toISOString();
    for (const [authorId, ids] of byAuthor) {
      deps.events.toUsers([authorId], 'message:receipt', { groupId, userIds: [departedId], status: 'READ', at, completedIds: ids });
    }
  }
}
