import type { UserTypingPayload } from '@chat/contracts';
import type { ChatEvents } from './chat-events';
import type { ConversationParticipants } from './conversation-participants';
import type { SocketUser } from './handshake';

/**
 * `user:typing` -> `user:typing:response {conversationId, userId, isTyping}` to the other
 * participant of that conversation only (all of their tabs, on any process). targetUsersIds is
 * ignored: the conversation decides who hears it. A sender outside the conversation, or a group
 * id (typing is for conversations only), is dropped.
 */
export async function forwardTyping(
  deps: { participants: ConversationParticipants; events: ChatEvents },
  sender: SocketUser,
  { conversationId, isTyping }: UserTypingPayload,
): Promise<void> {
  const other = await deps.participants.otherOf(conversationId, sender.id);
  if (!other) return;
  deps.events.toUsers([other], 'user:typing:response', { conversationId, userId: sender.id, isTyping });
}
