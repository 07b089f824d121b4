import type { Namespace } from 'socket.io';
import type { SocketUser } from './handshake';
import { userRoom } from './rooms';

// Who has at least one socket open, asked of socket.io itself: fetchSockets() goes through the
// adapter, so with Redis it also counts sockets held by the other server processes. Issue 5
// (presence) may replace this with counters kept in Redis; callers only see these two functions.

export class Presence {
  constructor(private readonly events: () => Namespace) {}

  async isOnline(userId: string): Promise<boolean> {
    const sockets = await this.events().in(userRoom(userId)).fetchSockets();
    return sockets.length > 0;
  }

  /** The subset of `userIds` that is online, in one round trip however many users are asked about. */
  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const sockets = await this.events().in(userIds.map(userRoom)).fetchSockets();
    return new Set(sockets.map((s) => (s.data.user as SocketUser).id));
  }
}
