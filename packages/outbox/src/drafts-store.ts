import type { LocalDatabase } from './database';
import { LiveTable } from './live-table';
import type { Draft } from './types';

/** What the user typed and did not send, per chat, kept in the user's own database. */
export class DraftsStore {
  private readonly table: LiveTable<'drafts'>;
  private byKey = new Map<string, Draft>();
  private byKeyFrom: readonly Draft[] | null = null;
  readonly ready: Promise<void>;
  readonly subscribe: (listener: () => void) => () => void;

  constructor(db: Promise<LocalDatabase>, userId: string) {
    this.table = new LiveTable(db, 'drafts', `papo-drafts:${userId}`);
    this.ready = this.table.ready;
    this.subscribe = this.table.subscribe;
  }

  /** Every draft by its key; the same Map until something changes. */
  readonly all = (): ReadonlyMap<string, Draft> => {
    const rows = this.table.all();
    if (rows !== this.byKeyFrom) {
      this.byKeyFrom = rows;
      this.byKey = new Map(rows.map((draft) => [draft.key, draft]));
    }
    return this.byKey;
  };

  /**
   * Saves the box's content; an empty box (no text, no reply) removes the draft. The removal is
   * written even when no draft is known yet: a save of the same key may still be on its way to
   * IndexedDB (typed, then sent within the write), and the removal must land after it.
   */
  save(key: string, text: string, replyTo: Draft['replyTo'] = null): Promise<void> {
    if (text.trim() === '' && !replyTo) return this.table.delete(key);
    return this.table.put({ key, text, replyTo, updatedAt: new Date().toISOString() });
  }

  remove(key: string): Promise<void> {
    return this.table.delete(key);
  }

  close(): void {
    this.table.close();
  }
}
