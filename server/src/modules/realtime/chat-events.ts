import type { ServerEventName, ServerEventPayloads } from '@chat/contracts';
import type { RealtimeNamespace } from './handshake';
import { RecentEvents } from './recent-events';
import { presenceRoom, userRoom, workspaceRoom } from './rooms';

/** Runs fn with the publisher's writes held and sent together at its end. */
export type WriteBatcher = <T>(fn: () => T) => T;

/**
 * Emits server events to users' rooms (every socket of each user, on every server process) or to
 * a workspace's. One emit to several rooms reaches a socket once even when it is in several.
 */
export class ChatEvents {
  private batchWrites: WriteBatcher = (fn) => fn();
  /** When each user and workspace was last sent something (a page's first connect asks). */
  readonly recent = new RecentEvents();

  constructor(private readonly events: () => RealtimeNamespace) {}

  /** Set by the Redis adapter (redis-adapter.ts); without one, emits only reach local sockets. */
  batchWritesWith(batcher: WriteBatcher): void {
    this.batchWrites = batcher;
  }

  /**
   * Runs fn, whose emits go to the other processes in one write instead of one each (a group
   * commit's `message` events, message-commits.ts). fn must emit synchronously.
   */
  inOneWrite<T>(fn: () => T): T {
    return this.batchWrites(fn);
  }

  toUsers<K extends ServerEventName>(userIds: readonly string[], event: K, payload: ServerEventPayloads[K]): void {
    if (userIds.length === 0) return;
    const unique = [...new Set(userIds)];
    this.recent.markUsers(unique);
    this.events().to(unique.map(userRoom)).emit(event, payload);
  }

  /**
   * Closes every socket of these users, on every server process (the Redis adapter forwards it):
   * their sessions ended (a password change or reset). The transport is closed, so the client
   * treats it as 'io server disconnect' and reconnects with the token it holds now: the tab that
   * changed the password has a fresh one and is back in a moment, every other session is refused
   * at that handshake (its token predates the password) and signs out.
   */
  closeSessions(userIds: readonly string[]): void {
    if (userIds.length === 0) return;
    this.events()
      .in([...new Set(userIds)].map(userRoom))
      .disconnectSockets(true);
  }

  /** The sockets that watch this user's presence (user-status.ts), on every process. */
  toWatchersOf<K extends ServerEventName>(userId: string, event: K, payload: ServerEventPayloads[K]): void {
    this.events().to(presenceRoom(userId)).emit(event, payload);
  }

  /** Every socket of every member of a workspace. */
  toWorkspace<K extends ServerEventName>(workspaceId: string, event: K, payload: ServerEventPayloads[K]): void {
    this.recent.markWorkspace(workspaceId);
    this.events().to(workspaceRoom(workspaceId)).emit(event, payload);
  }
}
