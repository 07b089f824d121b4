import type { LocalDatabase } from './database';
import { LiveTable } from './live-table';
import type { OutboxEntry } from './types';

export type NewOutboxEntry = Omit<OutboxEntry, 'order' | 'state' | 'reason' | 'createdAt'> & { createdAt?: string };

const byOrder = (a: OutboxEntry, b: OutboxEntry) => a.order - b.order || a.createdAt.localeCompare(b.createdAt);

/**
 * The user's unsent messages, kept in IndexedDB until the server has each one. Written before
 * anything is sent, so a reload, a closed browser or a lost answer loses nothing.
 */
export class OutboxStore {
  private readonly table: LiveTable<'outbox'>;
  private lastOrder = 0;
  private sorted: OutboxEntry[] = [];
  private sortedFrom: readonly OutboxEntry[] | null = null;
  readonly ready: Promise<void>;
  readonly subscribe: (listener: () => void) => () => void;

  constructor(db: Promise<LocalDatabase>, userId: string) {
    this.table = new LiveTable(db, 'outbox', `papo-outbox:${userId}`);
    this.ready = this.table.ready;
    this.subscribe = this.table.subscribe;
  }

  /** Every entry, oldest first; the same array until something changes. */
  readonly entries = (): OutboxEntry[] => {
    const rows = this.table.all();
    if (rows !== this.sortedFrom) {
      this.sortedFrom = rows;
      this.sorted = [...rows].sort(byOrder);
    }
    return this.sorted;
  };

  /** How many messages have not reached the server (refused ones included: they are not sent either). */
  readonly count = (): number => this.table.all().length;

  /** How many wait to be sent (the connection banner's count): refused ones do not. */
  readonly queuedCount = (): number => this.table.all().filter((e) => e.state === 'queued').length;

  async add(entry: NewOutboxEntry): Promise<OutboxEntry> {
    // Milliseconds keep the order across reloads; the bump keeps it within one burst.
    this.lastOrder = Math.max(Date.now(), this.lastOrder + 1, ...this.table.all().map((e) => e.order + 1));
    const stored: OutboxEntry = { createdAt: new Date().toISOString(), ...entry, order: this.lastOrder, state: 'queued', reason: null };
    await this.table.put(stored);
    return stored;
  }

  get(clientId: string): Promise<OutboxEntry | undefined> {
    return this.table.get(clientId);
  }

  /** The server has it: it leaves the outbox. Also 'Apagar' on a refused message. */
  remove(clientId: string): Promise<void> {
    return this.table.delete(clientId);
  }

  /** A 4xx: kept, shown as 'Não enviada', not sent again until the user asks. */
  async refuse(clientId: string, reason: string | null): Promise<void> {
    const entry = await this.table.get(clientId);
    if (entry) await this.table.put({ ...entry, state: 'refused', reason });
  }

  /** 'Tentar novamente': back in the queue, same clientId, same place in its chat's order. */
  async requeue(clientId: string): Promise<void> {
    const entry = await this.table.get(clientId);
    if (entry) await this.table.put({ ...entry, state: 'queued', reason: null });
  }

  /** An image's, file's or voice note's file reached the media store: from now on only its public URL is sent. */
  async uploaded(clientId: string, publicUrl: string): Promise<OutboxEntry | undefined> {
    const entry = await this.table.get(clientId);
    if (!entry) return undefined;
    const next: OutboxEntry = { ...entry, content: { ...entry.content, body: publicUrl }, file: null };
    await this.table.put(next);
    return next;
  }

  /** Sign-out's 'Sair e apagar'. */
  clear(): Promise<void> {
    return this.table.clear();
  }

  close(): void {
    this.table.close();
  }
}
