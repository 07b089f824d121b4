// Who has a socket open, behind one interface: in this process's memory when it runs alone, in
// Redis when several processes share the users (REDIS_URL, redis-presence-store.ts).
//
// Why a registry of sockets and not socket.io's fetchSockets(): "first socket" and "last socket"
// must be decided exactly once. fetchSockets() answers a snapshot per process, so two tabs
// connecting at the same moment on two processes could each see the other and nobody would
// announce "online" (or both would); and through the Redis adapter every call is a broadcast
// that waits for every process to answer, too slow for each message send. Here add/remove are
// atomic and answer the transition themselves, and a lookup is one Redis round trip.

/** One open socket of a user. */
export interface PresenceSocket {
  userId: string;
  /** Where userStatus is announced; null for ROOT (no workspace). */
  workspaceId: string | null;
  socketId: string;
}

/** A user whose status changed without a socket event here (another process died, or this one came back). */
export interface PresenceUser {
  userId: string;
  workspaceId: string | null;
}

export interface PresenceTransitions {
  online(user: PresenceUser): void;
  offline(user: PresenceUser): void;
}

export interface PresenceStore {
  /** Records an open socket. True when it is the user's first on any process: the user just came online. */
  add(socket: PresenceSocket): Promise<boolean>;
  /** Forgets a socket. True when it was the user's last on every process: the user just went offline. */
  remove(socket: PresenceSocket): Promise<boolean>;
  /** The subset of `userIds` with at least one socket open. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  /** Transitions the store finds by itself (none in memory). */
  onTransitions(listener: PresenceTransitions): void;
  /** Leaves the shared registry; users whose last sockets were here are reported offline first. */
  close(): Promise<void>;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly sockets = new Map<string, Set<string>>();

  async add({ userId, socketId }: PresenceSocket): Promise<boolean> {
    let mine = this.sockets.get(userId);
    if (!mine) this.sockets.set(userId, (mine = new Set()));
    const before = mine.size;
    mine.add(socketId);
    return before === 0 && mine.size === 1;
  }

  async remove({ userId, socketId }: PresenceSocket): Promise<boolean> {
    const mine = this.sockets.get(userId);
    if (!mine?.delete(socketId)) return false;
    if (mine.size > 0) return false;
    this.sockets.delete(userId);
    return true;
  }

  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => this.sockets.has(id)));
  }

  onTransitions(): void {}

  async close(): Promise<void> {
    this.sockets.clear();
  }
}
