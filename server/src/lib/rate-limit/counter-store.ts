// Fixed-window counters behind one interface: in memory for a single process, in Redis when
// several processes share the limits (REDIS_URL).

export interface WindowCount {
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Time left until the window (and its count) ends. */
  resetInMs: number;
}

export interface CounterStore {
  /** Counts one attempt; the first attempt of a key opens its window of `windowMs`. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /** Gives one attempt back (never below zero, never reopening an ended window). */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

const SWEEP_EVERY = 1000;

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private calls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    if (++this.calls % SWEEP_EVERY === 0) this.sweep(now);
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.windows.get(key);
    if (entry && entry.resetAt > this.now() && entry.count > 0) entry.count -= 1;
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  /** Ended windows are dropped now and then, so one-off keys (IPs, e-mails) do not pile up. */
  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
