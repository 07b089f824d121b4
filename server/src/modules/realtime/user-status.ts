import type { CheckUserStatusPayload, UserStatusPayload } from '@chat/contracts';
import type { SessionUsers } from '../auth/session-users';
import type { RealtimeSocket, SocketData, SocketUser } from './handshake';
import type { Presence } from './presence';
import { presenceRoom } from './rooms';

/**
 * Users a socket keeps watching at most: a page asks about the chat it opens (and again after a
 * reconnect), so the oldest ones are chats it has left; asking again watches again.
 */
export const WATCHED_PER_SOCKET = 50;

/**
 * `checkUserStatus {userId}` -> `userStatusResponse {userId, status}` to the asking socket only,
 * when that user is of the asker's workspace; from then on the socket also hears that user's
 * `userStatus` changes (presence.ts). About anyone else there is no answer at all, so the event
 * tells nothing about who exists elsewhere.
 */
export async function answerUserStatus(
  deps: { users: SessionUsers; presence: Presence },
  socket: RealtimeSocket,
  asker: SocketUser,
  { userId }: CheckUserStatusPayload,
): Promise<void> {
  if (!asker.workspaceId) return;
  // A fresh read, gathered with the other lookups of the moment: every page asks on
  // every connect, so a reconnection wave asked thousands of single-row queries.
  const user = await deps.users.byId(userId);
  if (!user || user.workspaceId !== asker.workspaceId) return;
  // Watching before reading: a change after the read is announced to this socket, one before it is in the answer.
  watch(socket, userId);
  const response: UserStatusPayload = (await deps.presence.isOnline(userId))
    ? { userId, status: 'online' }
    : { userId, status: 'offline', lastSeenAt: deps.presence.lastSeenAt(userId, user.lastSeenAt)?.toISOString() ?? null };
  socket.emit('userStatusResponse', response);
}

/** Joins the user's presence room; past WATCHED_PER_SOCKET the one asked about longest ago is left. */
export function watch(socket: { data: Pick<SocketData, 'watched'> } & Pick<RealtimeSocket, 'join' | 'leave'>, userId: string): void {
  const watched = (socket.data.watched ??= []);
  const at = watched.indexOf(userId);
  if (at >= 0) watched.splice(at, 1);
  watched.push(userId);
  void socket.join(presenceRoom(userId));
  if (watched.length > WATCHED_PER_SOCKET) void socket.leave(presenceRoom(watched.shift()!));
}
