/** How long the time of the last event sent to a user or a workspace is kept. */
export const RECENT_EVENTS_RETENTION_MS = 10 * 60 * 1000;
/**
 * Margin taken before a page's `since`: the page's clock is placed on the server's with the
 * handshake's own trip, which makes it look later than it is by that trip's time.
 */
export const RECENT_EVENTS_SLACK_MS = 5000;

const SWEEP_EVERY = 1000;
/**
 * A process writes a key to the shared record at most this often (a busy group's members would
 * otherwise cost a write each per message); the margin above covers the mark being this much older.
 */
export const SHARED_WRITE_EVERY_MS = 1000;
/** A shared record that does not answer in this time is taken as "cannot tell". */
const SHARED_READ_TIMEOUT_MS = 1000;

/** The record shared by every process (Redis): the times by key, and since when it holds them. */
export interface SharedMarks {
  write(keys: readonly string[], at: number): void;
  read(keys: readonly string[]): Promise<{ since: number | null; marks: Array<number | null> }>;
}

/**
 * When an event was last sent to each user's and each workspace's rooms by this process, for the
 * first connect of a page that fetched its data before opening its socket: a page whose user was
 * sent nothing since needs to fetch nothing again (socket-connection.ts, loadedSince). With
 * several processes (Redis) the times are also written to a record they share, since an event
 * may have been sent by another one.
 */
export class RecentEvents {
  private readonly last = new Map<string, number>();
  private readonly startedAt: number;
  private marks = 0;
  /** Events are also sent by other processes, which write them here too. */
  private shared: SharedMarks | null = null;
  private readonly written = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  shareThrough(shared: SharedMarks): void {
    this.shared = shared;
  }

  markUsers(userIds: readonly string[]): void {
    this.mark(userIds.map((id) => `user:${id}`));
  }

  markWorkspace(workspaceId: string): void {
    this.mark([`workspace:${workspaceId}`]);
  }

  private mark(keys: readonly string[]): void {
    const at = this.now();
    for (const key of keys) this.last.set(key, at);
    if (this.shared) {
      const due = keys.filter((key) => !((this.written.get(key) ?? -Infinity) > at - SHARED_WRITE_EVERY_MS));
      for (const key of due) this.written.set(key, at);
      if (due.length > 0) this.shared.write(due, at);
    }
    this.sweep(at, keys.length);
  }

  /**
   * Whether anything may have been sent to the user (or their workspace) after `since` (ms, the
   * server's clock): true also when this process cannot tell (started after it, forgot it, or
   * shares the sending with other processes).
   */
  async changedSince(userId: string, workspaceId: string | null, since: number): Promise<boolean> {
    const from = since - RECENT_EVENTS_SLACK_MS;
    if (from < this.now() - RECENT_EVENTS_RETENTION_MS) return true;
    const keys = [`user:${userId}`, ...(workspaceId ? [`workspace:${workspaceId}`] : [])];
    if (keys.some((key) => (this.last.get(key) ?? -Infinity) >= from)) return true;
    if (!this.shared) return from < this.startedAt;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SHARED_READ_TIMEOUT_MS)));
    const read = await Promise.race([this.shared.read(keys).catch(() => null), timeout]).finally(() => clearTimeout(timer));
    if (!read || read.since === null || read.since > from) return true;
    return read.marks.some((mark) => mark !== null && mark >= from);
  }

  private sweep(at: number, count: number): void {
    this.marks += count;
    if (this.marks < SWEEP_EVERY) return;
    this.marks = 0;
    for (const [key, time] of this.last) if (time < at - RECENT_EVENTS_RETENTION_MS) this.last.delete(key);
    for (const [key, time] of this.written) if (time < at - SHARED_WRITE_EVERY_MS) this.written.delete(key);
  }
}
