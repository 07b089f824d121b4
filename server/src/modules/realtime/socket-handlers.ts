import type { FastifyBaseLogger } from 'fastify';
import type { ConversationReadPayload } from '@chat/contracts';
import type { Db } from '../../db/client';
import type { SessionUsers } from '../auth/session-users';
import type { ChatEvents } from './chat-events';
import { onClientEvent } from './client-events';
import type { ConversationParticipants } from './conversation-participants';
import type { GroupReads } from './group-reads';
import type { RealtimeSocket } from './handshake';
import type { Presence } from './presence';
import { markGroupRead } from './group-receipts';
import { markConversationRead } from './receipts';
import { forwardTyping } from './typing';
import { answerUserStatus } from './user-status';

export interface SocketHandlerDeps {
  db: Db;
  users: SessionUsers;
  events: ChatEvents;
  presence: Presence;
  participants: ConversationParticipants;
  groupReads: GroupReads;
  log: FastifyBaseLogger;
  /** A person read a chat (on this device): its notifications close on their other devices. */
  chatRead: (userId: string, chatId: string) => void;
}

/** The client events, each validated by onClientEvent before its handler runs. */
export function registerClientEvents(socket: RealtimeSocket, deps: SocketHandlerDeps): void {
  const user = socket.data.user;
  onClientEvent(socket, 'user:typing', deps.log, (payload) => forwardTyping(deps, user, payload));
  const readConversation = async (payload: ConversationReadPayload) => {
    await markConversationRead(deps, user, payload);
    deps.chatRead(user.id, payload.conversationId);
  };
  onClientEvent(socket, 'message:read', deps.log, readConversation);
  onClientEvent(socket, 'message:read:all', deps.log, readConversation);
  onClientEvent(socket, 'checkUserStatus', deps.log, (payload) => answerUserStatus(deps, socket, user, payload));
  onClientEvent(socket, 'group:read', deps.log, async (payload) => {
    await markGroupRead(deps, user, payload);
    deps.chatRead(user.id, payload.groupId);
  });
}
