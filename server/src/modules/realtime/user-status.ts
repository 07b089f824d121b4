import type { Socket } from 'socket.io';
import type { CheckUserStatusPayload, UserStatusPayload } from '@chat/contracts';
import type { Db } from '../../db/client';
import { findUserById } from '../users/users.repository';
import type { SocketUser } from './handshake';
import type { Presence } from './presence';

/**
 * `checkUserStatus {userId}` -> `userStatusResponse {userId, status}` to the asking socket only,
 * when that user is of the asker's workspace. About anyone else there is no answer at all, so
 * the event tells nothing about who exists elsewhere.
 */
export async function answerUserStatus(
  deps: { db: Db; presence: Presence },
  socket: Socket,
  asker: SocketUser,
  { userId }: CheckUserStatusPayload,
): Promise<void> {
  if (!asker.workspaceId) return;
  const user = await findUserById(deps.db, userId);
  if (!user || user.workspaceId !== asker.workspaceId) return;
  const response: UserStatusPayload = { userId, status: (await deps.presence.isOnline(userId)) ? 'online' : 'offline' };
  socket.emit('userStatusResponse', response);
}
