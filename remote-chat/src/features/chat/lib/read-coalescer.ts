/** At most one read per chat in this long: the server's batch merges the rest anyway. */
export const READ_WINDOW_MS = 1000;

/**
 * Gathers the reads of open chats: a chat read after a quiet spell goes at once; the reads that
 * follow within the window are kept as one, the newest message shown (each read names a newer
 * one, so the last wins), and go when the window ends. The last read is never dropped: flush()
 * sends what waits now (the chat closes, the page is hidden), dispose() too.
 */
export class ReadCoalescer {
  private readonly waiting = new Map<string, string>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly lastSent = new Map<string, number>();

  constructor(
    private readonly send: (chatId: string, lastMessageId: string) => void,
    private readonly windowMs = READ_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  read(chatId: string, lastMessageId: string): void {
    this.waiting.set(chatId, lastMessageId);
    if (this.timers.has(chatId)) return;
    const wait = (this.lastSent.get(chatId) ?? -Infinity) + this.windowMs - this.now();
    if (wait <= 0) this.flush(chatId);
    else
      this.timers.set(
        chatId,
        setTimeout(() => this.flush(chatId), wait),
      );
  }

  /** Sends the chat's waiting read now (every chat's without an id). */
  flush(chatId?: string): void {
    for (const id of chatId === undefined ? [...this.waiting.keys()] : [chatId]) {
      clearTimeout(this.timers.get(id));
      this.timers.delete(id);
      const last = this.waiting.get(id);
      if (last === undefined) continue;
      this.waiting.delete(id);
      this.lastSent.set(id, this.now());
      this.send(id, last);
    }
  }

  dispose(): void {
    this.flush();
  }
}
