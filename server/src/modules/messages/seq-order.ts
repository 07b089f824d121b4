/**
 * Lets two group commits run at once (message-commits.ts) while every socket still hears a chat's
 * messages in seq order, the order of its history. seq comes from an identity sequence
 * when PostgreSQL runs the INSERT, so of two commits in flight the later one may get the lower
 * seqs; but a commit that starts after another has finished gets higher seqs than all of that
 * one's. So each commit, when it starts, takes as its floor the highest seq of the commits finished
 * by then, and a stored row goes out only once no commit still running can hold a lower seq (its
 * seq is at most every running commit's floor). With one commit at a time, rows go out as soon as
 * they are stored, as before.
 */
export class SeqOrder {
  private nextTicket = 0;
  private highestDone = 0;
  /** The commits in flight: ticket -> floor (their rows' seqs are above it). */
  private readonly floors = new Map<number, number>();
  private held: Array<StoredRow & { gone: () => void }> = [];

  /** send: puts out rows that may go, in seq order, together (ChatEvents.inOneWrite). */
  constructor(private readonly send: (emits: ReadonlyArray<() => void>) => void) {}

  /** A commit starts: its ticket, for `done`. */
  begin(): number {
    const ticket = this.nextTicket++;
    this.floors.set(ticket, this.highestDone);
    return ticket;
  }

  /**
   * The commit has stored these rows (none when it failed): every row that may go now, its own and
   * held ones of other commits, goes out in seq order. Resolves once all of its own have gone; an
   * emit that throws fails the call that put it out, and no waiter is left hanging.
   */
  done(ticket: number, rows: readonly StoredRow[]): Promise<void> {
    this.floors.delete(ticket);
    const own = Promise.all(
      rows.map((row) => {
        if (row.seq > this.highestDone) this.highestDone = row.seq;
        return new Promise<void>((gone) => this.held.push({ ...row, gone }));
      }),
    );
    const bound = Math.min(Infinity, ...this.floors.values());
    const ready = this.held.filter((r) => r.seq <= bound).sort((a, b) => a.seq - b.seq);
    if (ready.length > 0) {
      this.held = this.held.filter((r) => r.seq > bound);
      try {
        this.send(ready.map((r) => r.emit));
      } finally {
        for (const r of ready) r.gone();
      }
    }
    return own.then(() => undefined);
  }
}

/** A row a commit stored, with what puts it out (its `message` event). */
export interface StoredRow {
  seq: number;
  emit: () => void;
}
