import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * True when the error means the PGlite instance itself is gone, not just this statement: a PANIC
 * or FATAL (the backend ended; measured after a full disk's PANIC, later statements on that
 * instance either "succeeded" with empty results, their writes lost, or never returned) or an
 * abort of the WASM module.
 */
export function isInstanceLost(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true;
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
}

export interface ReopeningOptions {
  /** Opens a new instance on the same data directory (crash recovery replays its WAL). */
  open: () => Promise<PGlite>;
  /** Whether a reopen may be tried now (the disk has room for recovery's checkpoint). */
  canReopen: () => boolean;
  /** How often a lost instance's replacement is tried. */
  retryMs: number;
  onLost: (error: unknown) => void;
  onReopened: (ms: number) => void;
}

/**
 * The client drizzle talks to (its PGlite session calls only query() and transaction()): forwards
 * to the open instance and, once that instance is lost, refuses every statement with the error
 * that lost it (a full disk's is answered 507) instead of letting the dead instance answer with
 * empty results. Meanwhile it tries, every `retryMs` while `canReopen()`, to open a new instance
 * on the same data; the first that opens takes over, without a restart of the server.
 */
export class ReopeningPglite {
  private lost: Error | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private instance: PGlite,
    private readonly options: ReopeningOptions,
  ) {}

  /** The open instance; throws while it is lost. */
  get current(): PGlite {
    if (this.lost) throw this.lost;
    return this.instance;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run((pg) => pg.query<T>(text, params, options));
  }

  exec(text: string): Promise<Array<Results>> {
    return this.run((pg) => pg.exec(text));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.run((pg) => pg.transaction(fn));
  }

  /** After the statements already asked for; a lost instance closes too (its data is recovered at the next open). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.tail;
    if (!this.instance.closed) await this.instance.close();
  }

  /**
   * One statement (or transaction) at a time, in order, as PGlite runs them anyway: a statement
   * handed to a lost instance may never return (measured: a SELECT after the PANIC spun the
   * thread until the process was killed, space back or not), so none is handed over before the
   * one before it has settled and shown whether the instance is still there. Each starts in a
   * turn of the event loop of its own: PGlite answers through promises alone, so statements
   * waiting in line would otherwise run back to back in one turn and hold the thread (sockets,
   * timers, incoming requests) for the sum of them; between two, whatever is waiting runs.
   */
  private run<T>(work: (pg: PGlite) => Promise<T>): Promise<T> {
    const turn = this.tail.then(nextTurn).then(() => this.runNow(work));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async runNow<T>(work: (pg: PGlite) => Promise<T>): Promise<T> {
    const pg = this.current;
    try {
      return await work(pg);
    } catch (error) {
      if (!this.lost && isInstanceLost(error)) this.lose(error);
      throw this.lost ?? error;
    }
  }

  private lose(error: unknown) {
    this.lost = new Error('banco embutido indisponível até ser reaberto', { cause: error });
    this.options.onLost(error);
    this.scheduleReopen();
  }

  private scheduleReopen() {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.tryReopen(), this.options.retryMs);
    this.timer.unref();
  }

  private async tryReopen() {
    this.timer = null;
    if (this.closed) return;
    if (!this.options.canReopen()) return this.scheduleReopen();
    const started = performance.now();
    try {
      if (!this.instance.closed) await this.instance.close().catch(() => undefined);
      const next = await this.options.open();
      if (this.closed) return void (await next.close());
      this.instance = next;
      this.lost = null;
      this.options.onReopened(performance.now() - started);
    } catch {
      this.scheduleReopen();
    }
  }
}

/** Resolves in a later turn of the event loop, after the I/O and timers already waiting. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
