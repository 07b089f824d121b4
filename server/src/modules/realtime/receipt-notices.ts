import type { MessageReceiptEvent } from '@chat/contracts';
import type { ChatEvents } from './chat-events';

/** At most one `message:receipt` per (group, author) in this long; the rest gather into the next. */
export const RECEIPT_NOTICE_WINDOW_MS = 1000;

type Kind = MessageReceiptEvent['status'];

interface Gathered {
  status: Kind;
  userIds: Set<string>;
  completedIds: Set<string>;
}

const keyOf = (groupId: string, authorId: string) => `${groupId}\n${authorId}`;

/**
 * What the authors of group messages hear of their messages' delivery and reading, gathered: with
 * hundreds of members looking at a group, each message is read by hundreds within a second, and
 * one event per read would reach its author hundreds of times. The first change after a quiet spell
 * goes at once; the ones within the window after it gather (who moved, which messages turned READ)
 * and go together when it ends. Nothing is dropped: every gathered id goes out. One instance per
 * process; the events reach the author's sockets on every process.
 */
export class ReceiptNotices {
  private readonly gathered = new Map<string, Gathered>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly lastSent = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly events: ChatEvents,
    private readonly windowMs = RECEIPT_NOTICE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** `userIds` had `authorId`'s messages of the group delivered or read; `completedIds` of them are READ now. */
  add(groupId: string, authorId: string, change: { status: Kind; userIds: readonly string[]; completedIds: readonly string[] }): void {
    // An author's own reading is no news to them.
    const others = change.userIds.filter((id) => id !== authorId);
    if (this.closed || (others.length === 0 && change.completedIds.length === 0)) return;
    const key = keyOf(groupId, authorId);
    let entry = this.gathered.get(key);
    if (!entry) {
      entry = { status: change.status, userIds: new Set(), completedIds: new Set() };
      this.gathered.set(key, entry);
    }
    // Both kinds in one window: the furthest names it.
    if (change.status === 'READ') entry.status = 'READ';
    for (const id of others) entry.userIds.add(id);
    for (const id of change.completedIds) entry.completedIds.add(id);
    if (this.timers.has(key)) return;
    const wait = (this.lastSent.get(key) ?? -Infinity) + this.windowMs - this.now();
    if (wait <= 0) this.send(key);
    else this.timers.set(key, setTimeout(() => this.send(key), wait).unref());
  }

  /**
   * The process is closing: what is still gathered is dropped, since the way to the sockets is
   * closing too. Nothing is lost for good: the watermarks are stored, a page reads the ticks again
   * with its history and a panel its lists when it opens.
   */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.gathered.clear();
  }

  private send(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    const entry = this.gathered.get(key);
    this.gathered.delete(key);
    if (!entry) return;
    const [groupId, authorId] = key.split('\n') as [string, string];
    const now = this.now();
    this.lastSent.set(key, now);
    this.forgetQuiet(now);
    this.events.toUsers([authorId], 'message:receipt', {
      groupId,
      userIds: [...entry.userIds],
      status: entry.status,
      at: new Date(now).toISOString(),
      completedIds: [...entry.completedIds],
    });
  }

  /** The send times only matter within a window: older ones go, so the map holds the busy pairs only. */
  private forgetQuiet(now: number): void {
    if (this.lastSent.size < 1024) return;
    for (const [key, at] of this.lastSent) if (now - at >= this.windowMs && !this.timers.has(key)) this.lastSent.delete(key);
  }
}
