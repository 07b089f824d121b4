import type { LocalDatabase, LocalSchema, TableName } from './database';

type Row<T extends TableName> = LocalSchema[T]['value'];

/**
 * One object store of the user's database with an in-memory copy of its rows, so that React can
 * read it synchronously (useSyncExternalStore) and be told when it changes: after each write here,
 * and when another tab of the same user writes (a BroadcastChannel per user and table).
 */
export class LiveTable<T extends TableName> {
  private rows: Row<T>[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly channel: BroadcastChannel | null;
  /** Resolves once the rows on disk have been read. */
  readonly ready: Promise<void>;

  constructor(
    private readonly db: Promise<LocalDatabase>,
    private readonly table: T,
    channelName: string,
  ) {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
    if (this.channel) this.channel.onmessage = () => void this.reload();
    this.ready = this.reload();
  }

  /** The rows as last read: the same array until something changes. */
  readonly all = (): readonly Row<T>[] => this.rows;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async get(key: string): Promise<Row<T> | undefined> {
    return (await this.db).get(this.table, key);
  }

  async put(row: Row<T>): Promise<void> {
    await (await this.db).put(this.table, row);
    await this.changed();
  }

  async delete(key: string): Promise<void> {
    await (await this.db).delete(this.table, key);
    await this.changed();
  }

  async clear(): Promise<void> {
    await (await this.db).clear(this.table);
    await this.changed();
  }

  close(): void {
    this.channel?.close();
    this.listeners.clear();
  }

  private async changed() {
    await this.reload();
    this.channel?.postMessage('changed');
  }

  private async reload() {
    this.rows = await (await this.db).getAll(this.table);
    this.listeners.forEach((listener) => listener());
  }
}
