/**
 * Gathers work while the previous batch runs (issue 14): whatever is submitted while a batch is
 * running waits and goes in the next one, together. The first item after a quiet spell runs at
 * once, so a lone request waits for nobody; under load each batch carries everything that arrived
 * during the previous one. One batch at a time per instance, in submission order. Used for the
 * group commit of sends (one INSERT and one fsync for many messages, in order) and for the user
 * lookups of authentication (one query for many requests).
 *
 * `run` answers each item with its result or an Error (only that item's caller gets it); if it
 * throws, every item of that batch gets the error.
 *
 * Written here rather than with DataLoader: DataLoader gathers the loads of one tick and runs
 * batches side by side; what this needs is the opposite (gather while the previous batch runs,
 * never two at once), which would take a custom scheduler longer than this class.
 */
export class BatchQueue<I, R> {
  private queue: Array<{ item: I; resolve: (result: R) => void; reject: (error: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<Array<R | Error>>,
    /** Items per batch at most (bounds a statement's size and parameters). */
    private readonly maxItems = 256,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxItems);
      let results: Array<R | Error>;
      try {
        results = await this.run(batch.map((b) => b.item));
      } catch (error) {
        results = batch.map(() => (error instanceof Error ? error : new Error(String(error))));
      }
      batch.forEach((b, i) => {
        const result = results[i];
        if (result instanceof Error) b.reject(result);
        else b.resolve(result as R);
      });
    }
    this.running = false;
  }
}
