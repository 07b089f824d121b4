/**
 * Gathers work while the previous batch runs: whatever is submitted while a batch is
 * running waits and goes in the next one, together. The first item after a quiet spell runs at
 * once, so a lone request waits for nobody; under load each batch carries everything that arrived
 * during the previous one. Batches start in submission order. Used for the group commit of sends
 * (one INSERT and one fsync for many messages) and for the user lookups of authentication (one
 * query for many requests).
 *
 * `run` answers each item with its result or an Error (only that item's caller gets it); if it
 * throws, every item of that batch gets the error.
 *
 * With `gapMs`, a batch after which more items are already waiting (there is load) is followed by
 * a pause of that length before the next one, which then carries everything that arrived in it:
 * without it, a fast query answers before more than one or two items have gathered, and each
 * batch pays its own round trip. When nothing waits, nothing pauses: a lone request, or one
 * client's requests one after another, run at once. For work whose callers can wait a few
 * milliseconds: the lookups of a connection wave, where batching cuts the server's CPU per
 * connecting socket by about a quarter (docs/desempenho.md, Medidas por trás do código).
 *
 * With `secondBesideUpTo`, a second batch may start while one runs, when the running one carries
 * at most that many items: at light load the item would otherwise wait out most of a round trip
 * for nobody (two members writing to each other: each send would wait for the other's commit),
 * while under load batches grow past the bound and run one at a time again, each gathering more
 * (two at once under load cost throughput with many senders; docs/desempenho.md). Never more
 * than two at once; callers that need results in order across the two must order them
 * (message-commits.ts).
 *
 * With `gatherPhase`, a batch starts at the end of the event loop's current I/O phase
 * (setImmediate) instead of at once, so the requests read in that phase go in one batch. For an
 * engine that runs its queries on this thread (PGlite): a batch started at once ran its statement
 * before the next request of the same phase was even parsed, holding the thread until its commit
 * was done, so every send paid its own statement and fsync and nothing ever gathered. A lone
 * request waits only for the phase's end (no timer).
 *
 * Written here rather than with DataLoader: DataLoader gathers the loads of one tick and runs
 * batches side by side; what this needs is the opposite (gather while the previous batch runs),
 * which would take a custom scheduler longer than this class.
 */
/**
 * The batching of the reads a reconnection wave asks by the thousand (session users, delivery on
 * connect, conversation participants, lists, newest history pages): callers that can wait a few ms.
 * gatherPhase as well as gapMs: on PGlite a batch runs on this thread before the next request of
 * its phase is read and is done before anything else is, so nothing ever waited and gapMs never
 * paused; every read went alone.
 */
export const WAVE_BATCHING = { gapMs: 10, gatherPhase: true } as const;

export class BatchQueue<I, R> {
  private queue: Array<{ item: I; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  /** The item counts of the batches running now (at most two). */
  private readonly running: number[] = [];
  private pausing = false;
  private phaseEndScheduled = false;
  private readonly maxItems: number;
  private readonly gapMs: number;
  private readonly secondBesideUpTo: number;
  private readonly gatherPhase: boolean;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<Array<R | Error>>,
    /** maxItems: items per batch at most (bounds a statement's size and parameters); gapMs, secondBesideUpTo, gatherPhase: above. */
    options: { maxItems?: number; gapMs?: number; secondBesideUpTo?: number; gatherPhase?: boolean } = {},
  ) {
    this.maxItems = options.maxItems ?? 256;
    this.gapMs = options.gapMs ?? 0;
    this.secondBesideUpTo = options.secondBesideUpTo ?? 0;
    this.gatherPhase = options.gatherPhase ?? false;
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.gatherPhase) this.startWhatMay();
      else if (!this.phaseEndScheduled) {
        this.phaseEndScheduled = true;
        setImmediate(() => {
          this.phaseEndScheduled = false;
          this.startWhatMay();
        });
      }
    });
  }

  private mayStart(): boolean {
    if (this.pausing) return false;
    return this.running.length === 0 || (this.running.length === 1 && this.running[0]! <= this.secondBesideUpTo);
  }

  private startWhatMay(): void {
    while (this.queue.length > 0 && this.mayStart()) {
      const batch = this.queue.splice(0, this.maxItems);
      this.running.push(batch.length);
      void this.runBatch(batch);
    }
  }

  private async runBatch(batch: typeof this.queue): Promise<void> {
    let results: Array<R | Error>;
    try {
      results = await this.run(batch.map((b) => b.item));
    } catch (error) {
      results = batch.map(() => (error instanceof Error ? error : new Error(String(error))));
    }
    this.running.splice(this.running.indexOf(batch.length), 1);
    // Items came while this batch ran: there is load, so let more of it gather (decided before the
    // answers below, whose callers may submit again at once).
    if (this.gapMs > 0 && this.queue.length > 0 && !this.pausing) {
      this.pausing = true;
      setTimeout(() => {
        this.pausing = false;
        this.startWhatMay();
      }, this.gapMs);
    }
    batch.forEach((b, i) => {
      const result = results[i];
      if (result instanceof Error) b.reject(result);
      else b.resolve(result as R);
    });
    this.startWhatMay();
  }
}
