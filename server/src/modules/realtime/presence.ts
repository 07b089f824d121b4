import type { FastifyBaseLogger } from 'fastify';
import type { PresenceStatus } from '@chat/contracts';
import type { ChatEvents } from './chat-events';
import type { SocketUser } from './handshake';
import { BoundedMap } from '../../lib/bounded-map';
import type { PresenceStore, PresenceUser } from './presence-store';

const CLOSE_WAIT_MS = 5000;
/** Last-seen times this process announced, kept for the answers that race their write. */
const LAST_SEEN_KEPT = 20_000;

/** Runs once a user has come online and before that is announced (stored delivery of their messages). */
export type BeforeOnline = (userId: string) => Promise<unknown>;

/** Runs once a user has gone offline, with when (their stored 'visto por último'). */
export type AfterOffline = (userId: string, at: Date) => Promise<unknown>;

/**
 * Online = at least one socket open on any server process (the store counts them). Announces
 * `userStatus {userId, status}` when the first socket opens and when the last one closes, to the
 * sockets that watch that user: those that asked `checkUserStatus` about them (user-status.ts), as
 * a page does for the chat it shows. Not to the whole workspace: there every connect
 * cost a write to every socket of the workspace, ~N²/2 for N members coming back after a restart. Each socket's "closed" is handled after its "opened", so a tab that comes and
 * goes at once still ends offline.
 */
export class Presence {
  /** Each open socket's registration, which its disconnect waits for. */
  private readonly registrations = new Map<string, Promise<void>>();
  private readonly pending = new Set<Promise<void>>();
  private closing: Promise<void> | null = null;
  private readonly lastSeen = new BoundedMap<string, Date>(LAST_SEEN_KEPT);

  constructor(
    private readonly store: PresenceStore,
    private readonly events: ChatEvents,
    private readonly log: FastifyBaseLogger,
    private readonly beforeOnline: BeforeOnline,
    private readonly afterOffline: AfterOffline,
  ) {
    store.onTransitions({
      online: (user) => void this.track(this.cameOnline(user)),
      offline: (user) => this.wentOffline(user),
    });
  }

  async isOnline(userId: string): Promise<boolean> {
    return (await this.store.onlineAmong([userId])).has(userId);
  }

  /**
   * When the user was last seen: the later of what was stored (`stored`, read by the caller) and
   * what this process announced, whose write may still be under way.
   */
  lastSeenAt(userId: string, stored: Date | null): Date | null {
    const announced = this.lastSeen.get(userId);
    return announced && (!stored || announced > stored) ? announced : stored;
  }

  /** The subset of `userIds` that is online, in one round trip however many users are asked about. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    return this.store.onlineAmong(userIds);
  }

  /**
   * Whichever of `userIds` is online now has their waiting messages stored as delivered, as when
   * they came online. For a send stored SENT: a recipient who came online between its presence
   * lookup and its commit had that marking run before the row existed. Failures are logged: the
   * message stays SENT, as it was stored.
   */
  async deliverToOnline(userIds: readonly string[]): Promise<boolean> {
    try {
      const online = [...(await this.store.onlineAmong(userIds))];
      await Promise.all(online.map((userId) => this.beforeOnline(userId)));
      return online.length > 0;
    } catch (error) {
      this.log.error({ err: error }, 'presence: falha ao marcar mensagens entregues');
      return false;
    }
  }

  socketConnected(user: SocketUser, socketId: string): void {
    const socket = { userId: user.id, workspaceId: user.workspaceId, socketId };
    const registered = this.track(this.store.add(socket).then((first) => (first ? this.cameOnline(socket) : undefined)));
    this.registrations.set(socketId, registered);
  }

  socketDisconnected(user: SocketUser, socketId: string): void {
    const registered = this.registrations.get(socketId) ?? Promise.resolve();
    this.registrations.delete(socketId);
    // This process is shutting down and closing its own sockets: the store forgets all of them in
    // one step once the registrations have settled (close()), and reports whoever went offline.
    // One script per socket here would hold the event loop for seconds with thousands of sockets.
    if (this.closing) return;
    const socket = { userId: user.id, workspaceId: user.workspaceId, socketId };
    void this.track(registered.then(() => this.store.remove(socket)).then((last) => (last ? this.wentOffline(socket) : undefined)));
  }

  /** Resolves once every connect and disconnect seen so far has been recorded and announced. */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * Called before this process closes its sockets (realtime.ts): from then on their disconnects
   * are not recorded one by one. Waits for the connects and disconnects already under way (at most
   * CLOSE_WAIT_MS, so a Redis that stopped answering cannot hold a shutdown), then leaves the
   * store, which forgets every socket of this process at once and reports the users who had no
   * socket elsewhere (announced offline to watchers on the other processes, their last seen
   * stored before the database closes).
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), CLOSE_WAIT_MS)));
      if (await Promise.race([this.whenIdle().then(() => false), gaveUp])) {
        this.log.warn('presence: encerrando com registros de socket pendentes');
      }
      await this.store.close().catch((error: unknown) => this.log.error({ err: error }, 'presence: falha ao encerrar'));
      await Promise.race([this.whenIdle(), gaveUp]);
      clearTimeout(timer);
    })();
    return this.closing;
  }

  private async cameOnline(user: PresenceUser): Promise<void> {
    // The stored update comes first: pages that see "online" turn their SENT ticks into DELIVERED.
    await this.beforeOnline(user.userId).catch((error: unknown) =>
      this.log.error({ err: error, userId: user.userId }, 'presence: falha ao marcar mensagens entregues'),
    );
    this.announce(user, 'online');
  }

  private wentOffline(user: PresenceUser): void {
    const at = new Date();
    this.lastSeen.delete(user.userId);
    this.lastSeen.set(user.userId, at);
    this.announce(user, 'offline', at.toISOString());
    void this.track(this.afterOffline(user.userId, at).then(() => undefined));
  }

  private announce(user: PresenceUser, status: PresenceStatus, lastSeenAt?: string): void {
    // Nobody can watch a user without a workspace (ROOT): checkUserStatus answers within one only.
    if (!user.workspaceId) return;
    this.events.toWatchersOf(user.userId, 'userStatus', { userId: user.userId, status, ...(lastSeenAt ? { lastSeenAt } : {}) });
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => this.log.error({ err: error }, 'presence: falha ao registrar socket'));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }
}
