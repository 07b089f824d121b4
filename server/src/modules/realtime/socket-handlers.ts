import type { FastifyBaseLogger } from 'fastify';
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
}

/** The client events, each validated by onClientEvent before its handler runs. */
export function registerClientEvents(socket: RealtimeSocket, deps: SocketHandlerDeps): void {
  const user = socket.data.user;
  onClientEvent(socket, 'user:typing', deps.log, (payload) => forwardTyping(deps, user, payload));
  onClientEvent(socket, 'message:read', deps.log, (payload) => markConversationRead(deps, user, payload));
  onClientEvent(socket, 'message:read:all', deps.log, (payload) => markConversationRead(deps, user, payload));
  onClientEvent(socket, 'checkUserStatus', deps.log, (payload) => answerUserStatus(deps, socket, user, payload));
  onClientEvent(socket, 'group:read', deps.log, (payload) => markGroupRead(deps, user, payload));
}
