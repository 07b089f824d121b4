/** How long the time of the last event sent to a user or a workspace is kept. */
export const RECENT_EVENTS_RETENTION_MS = 10 * 60 * 1000;
/**
 * Margin taken before a page's `since`: the page's clock is placed on the server's with the
 * handshake's own trip, which makes it look later than it is by that trip's time.
 */
export const RECENT_EVENTS_SLACK_MS = 5000;

const SWEEP_EVERY = 1000;

/**
 * When an event was last sent to each user's and each workspace's rooms by this process, for the
 * first connect of a page that fetched its data before opening its socket: a page whose user was
 * sent nothing since needs to fetch nothing again (socket-connection.ts, loadedSince). With
 * several processes (Redis) an event may have been sent by another one, so every such page is
 * told to catch up, as before this record existed.
 */
export class RecentEvents {
  private readonly last = new Map<string, number>();
  private readonly startedAt: number;
  private marks = 0;
  /** Events are also sent by other processes: this one cannot tell. */
  private shared = false;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  sharedWithOtherProcesses(): void {
    this.shared = true;
  }

  markUsers(userIds: readonly string[]): void {
    const at = this.now();
    for (const id of userIds) this.last.set(`user:${id}`, at);
    this.sweep(at, userIds.length);
  }

  markWorkspace(workspaceId: string): void {
    const at = this.now();
    this.last.set(`workspace:${workspaceId}`, at);
    this.sweep(at, 1);
  }

  /**
   * Whether anything may have been sent to the user (or their workspace) after `since` (ms, the
   * server's clock): true also when this process cannot tell (started after it, forgot it, or
   * shares the sending with other processes).
   */
  changedSince(userId: string, workspaceId: string | null, since: number): boolean {
    const from = since - RECENT_EVENTS_SLACK_MS;
    if (this.shared || from < this.startedAt || from < this.now() - RECENT_EVENTS_RETENTION_MS) return true;
    const user = this.last.get(`user:${userId}`) ?? -Infinity;
    const workspace = workspaceId ? (this.last.get(`workspace:${workspaceId}`) ?? -Infinity) : -Infinity;
    return Math.max(user, workspace) >= from;
  }

  private sweep(at: number, count: number): void {
    this.marks += count;
    if (this.marks < SWEEP_EVERY) return;
    this.marks = 0;
    for (const [key, time] of this.last) if (time < at - RECENT_EVENTS_RETENTION_MS) this.last.delete(key);
  }
}
