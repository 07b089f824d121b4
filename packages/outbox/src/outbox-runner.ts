import { type Message, OUTBOX_RETRY } from '@chat/contracts';
import type { OutboxStore } from './outbox-store';
import type { OutboxEntry, OutboxFile } from './types';

/** How one entry reaches the server: upload a kept file, send the message. Injected for tests. */
export interface OutboxTransport {
  upload: (file: OutboxFile, onProgress: (percent: number) => void, signal?: AbortSignal) => Promise<string>;
  send: (entry: OutboxEntry) => Promise<Message>;
  /** The server's refusal in its own words, or null when the failure is not a refusal (try later). */
  refusal: (error: unknown) => { reason: string | null } | null;
}

export interface RunnerOptions {
  /** A send that gets no answer within this time is tried again later (same clientId). */
  answerTimeoutMs?: number;
  /** The first wait before trying again on its own; doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

type Outcome = 'sent' | 'refused' | 'later';

class NoAnswer extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer('sem resposta')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Queued entries grouped per chat, each group in the order it was written. */
function queuedPerChat(entries: OutboxEntry[]): OutboxEntry[][] {
  const chats = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    if (entry.state !== 'queued') continue;
    const key = `${entry.chatKind}:${entry.chatId}`;
    chats.set(key, [...(chats.get(key) ?? []), entry]);
  }
  return [...chats.values()];
}

/**
 * Sends the outbox. Each chat's messages go one at a time in the order they were written; the
 * first that cannot be sent (no network, no answer, a 5xx) holds back the rest of its chat until
 * the next `wake()` (the connection is back) or the next retry on its own. A refusal (4xx) takes
 * the entry out of the queue and the chat goes on with its next message. Every send carries the
 * entry's clientId, so one that reached the server before its answer was lost is not doubled.
 */
export class OutboxRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay: number;
  private stopped = false;
  private readonly sentListeners = new Set<(message: Message, entry: OutboxEntry) => void>();
  private readonly progressListeners = new Set<() => void>();
  private progressByClientId = new Map<string, number>();
  private readonly uploads = new Map<string, AbortController>();
  private readonly options: Required<RunnerOptions>;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly transport: OutboxTransport,
    options: RunnerOptions = {},
  ) {
    this.options = { answerTimeoutMs: 15_000, retryDelayMs: OUTBOX_RETRY.delayMs, maxRetryDelayMs: OUTBOX_RETRY.maxDelayMs, ...options };
    this.delay = this.options.retryDelayMs;
  }

  /** Sends what is queued now; resolves when this pass (and any asked for meanwhile) is over. */
  wake = (): Promise<void> => {
    if (this.stopped) return Promise.resolve();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  };

  /** Told of each message the server accepted, before its entry leaves the outbox. */
  onSent(listener: (message: Message, entry: OutboxEntry) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  /**
   * 'Cancelar' on a message still uploading (or waiting): its upload stops and it leaves the
   * outbox, never sent.
   */
  async cancel(clientId: string): Promise<void> {
    this.uploads.get(clientId)?.abort();
    await this.outbox.remove(clientId);
  }

  /** Percent uploaded of each image being uploaded now. */
  readonly progress = (): ReadonlyMap<string, number> => this.progressByClientId;

  readonly subscribeProgress = (listener: () => void): (() => void) => {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  };

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.sentListeners.clear();
  }

  private async drain() {
    do {
      this.again = false;
      await this.outbox.ready;
      const outcomes = await Promise.all(queuedPerChat(this.outbox.entries()).map((chat) => this.sendChat(chat)));
      // A message written during this pass gets its own try; otherwise wait for the connection.
      if (outcomes.includes('later') && !this.again) {
        this.retryLater();
        return;
      }
      this.delay = this.options.retryDelayMs;
    } while (this.again && !this.stopped);
  }

  private async sendChat(chat: OutboxEntry[]): Promise<Outcome> {
    for (const entry of chat) {
      if (this.stopped) return 'later';
      if ((await this.sendOne(entry)) === 'later') return 'later';
    }
    return 'sent';
  }

  private async sendOne(queued: OutboxEntry): Promise<Outcome> {
    // Another tab may have sent it (or the user deleted it) since the list was read.
    let entry = await this.outbox.get(queued.clientId);
    if (!entry || entry.state !== 'queued') return 'sent';
    try {
      if (entry.file) {
        const aborter = new AbortController();
        this.uploads.set(entry.clientId, aborter);
        try {
          const url = await this.transport.upload(entry.file, (percent) => this.setProgress(entry!.clientId, percent), aborter.signal);
          entry = (await this.outbox.uploaded(entry.clientId, url)) ?? entry;
        } finally {
          this.uploads.delete(entry.clientId);
        }
        // Cancelled while its upload was finishing: it is no longer in the outbox.
        if (aborter.signal.aborted || !(await this.outbox.get(entry.clientId))) return 'sent';
      }
      const message = await withTimeout(this.transport.send(entry), this.options.answerTimeoutMs);
      this.sentListeners.forEach((listener) => listener(message, entry!));
      await this.outbox.remove(entry.clientId);
      return 'sent';
    } catch (error) {
      // A cancelled upload: the entry is gone, the chat goes on.
      if (!(await this.outbox.get(entry.clientId))) return 'sent';
      const refusal = error instanceof NoAnswer ? null : this.transport.refusal(error);
      if (!refusal) return 'later';
      await this.outbox.refuse(entry.clientId, refusal.reason);
      return 'refused';
    } finally {
      this.setProgress(entry.clientId, null);
    }
  }

  private setProgress(clientId: string, percent: number | null) {
    if (percent === null && !this.progressByClientId.has(clientId)) return;
    const next = new Map(this.progressByClientId);
    if (percent === null) next.delete(clientId);
    else next.set(clientId, percent);
    this.progressByClientId = next;
    this.progressListeners.forEach((listener) => listener());
  }

  private retryLater() {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.wake(), this.delay);
    this.delay = Math.min(this.delay * 2, this.options.maxRetryDelayMs);
  }
}
