import type { ConversationReadPayload } from '@chat/contracts';
import type { Db } from '../../db/client';
import { markReadBy } from '../messages/messages.repository';
import type { ChatEvents } from './chat-events';
import type { ConversationParticipants } from './conversation-participants';
import type { SocketUser } from './handshake';

/**
 * `message:read` / `message:read:all {conversationId, lastMessageId?}` from a participant: the
 * other participant's messages there, up to the one shown last, become READ (stored), then
 * `message:read:response {conversationId, readerId, readUpTo?}` goes to both: the author's ticks
 * turn READ, the reader's other tabs clear that conversation's unread count. Sent even when
 * nothing was left unread, since those tabs may still show a count. Anyone else, or a
 * `lastMessageId` from elsewhere, is dropped.
 */
export async function markConversationRead(
  deps: { db: Db; participants: ConversationParticipants; events: ChatEvents },
  reader: SocketUser,
  { conversationId, lastMessageId }: ConversationReadPayload,
): Promise<void> {
  const other = await deps.participants.otherOf(conversationId, reader.id);
  if (!other) return;
  const read = await markReadBy(deps.db, conversationId, reader.id, lastMessageId ?? null);
  if (!read) return;
  deps.events.toUsers([reader.id, other], 'message:read:response', {
    conversationId,
    readerId: reader.id,
    ...(read.upTo ? { readUpTo: read.upTo.toISOString() } : {}),
  });
}
