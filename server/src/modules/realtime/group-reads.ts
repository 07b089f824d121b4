import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { BatchQueue, WAVE_BATCHING } from '../../lib/batch-queue';
import { type AppliedRead, applyReads, completeReads, type ReadRequest } from '../messages/group-receipts.repository';
import type { ChatEvents } from './chat-events';
import type { ReceiptNotices } from './receipt-notices';

/**
 * Reads per statement at most: the statement's time grows with its reads (each looks up its bound,
 * locks and moves a membership, stamps a mark), and on PGlite it holds the server's only thread;
 * a wave of a thousand members goes in several short statements instead of one long one.
 */
export const READS_PER_STATEMENT = 200;

/**
 * Under load, the pause after a batch in which the next one gathers. Each statement costs a fixed
 * part whatever its reads (planned anew, and the floors' check after it), and with hundreds of
 * members reading a busy group those statements filled PGlite's thread, where sends wait their
 * turn; gathered for this long they are a few per second. The reader's other tabs hear their read
 * this much later at most, and authors hear reads gathered over a longer window anyway
 * (ReceiptNotices). A lone read, with nothing waiting, still goes at once.
 */
export const READ_GATHER_MS = 250;

/** A read as submitted: `announce` tells the reader's own tabs how far it went (a `group:read`; a send's read does not). */
export interface SubmittedRead extends ReadRequest {
  announce: boolean;
}

/**
 * The group reads of this process, applied in batches: the reads that arrive while one batch is
 * written go together in the next, merged per member and group (the furthest wins), as ONE
 * statement for up to READS_PER_STATEMENT of them, whatever they cover (applyReads); then the
 * groups' read floors rise to their lowest watermark, and the messages they pass turn READ
 * (completeReads) without a write each. The reader's own tabs hear how far their read went (`readUpTo`, to clear their unread count); the authors
 * hear it gathered (ReceiptNotices). A batch that fails is tried once more, alone: a read is never
 * lost to a passing error, and applying it twice changes nothing (the watermarks only grow).
 */
export class GroupReads {
  private readonly queue: BatchQueue<SubmittedRead, void>;

  constructor(private readonly deps: { db: Db; events: ChatEvents; notices: ReceiptNotices; log: FastifyBaseLogger }) {
    this.queue = new BatchQueue((reads) => this.apply(reads), { ...WAVE_BATCHING, gapMs: READ_GATHER_MS, maxItems: READS_PER_STATEMENT });
  }

  /** Resolves once the read is stored and announced. */
  submit(read: SubmittedRead): Promise<void> {
    return this.queue.submit(read);
  }

  private async apply(reads: readonly SubmittedRead[]): Promise<void[]> {
    let applied: AppliedRead[];
    try {
      applied = await applyReads(this.deps.db, reads);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'leituras de grupo: lote falhou; nova tentativa');
      applied = await applyReads(this.deps.db, reads);
    }
    const announced = new Set(reads.filter((r) => r.announce).map((r) => `${r.groupId}\n${r.userId}`));
    const at = new Date().toISOString();
    for (const read of applied) {
      if (!announced.has(`${read.groupId}\n${read.userId}`)) continue;
      this.deps.events.toUsers([read.userId], 'message:receipt', {
        groupId: read.groupId,
        userIds: [read.userId],
        status: 'READ',
        at,
        completedIds: [],
        ...(read.upTo ? { readUpTo: read.upTo.toISOString() } : {}),
      });
    }
    const moved = applied.filter((r) => r.toSeq > r.fromSeq);
    const completed = await completeReads(
      this.deps.db,
      moved.map((r) => r.groupId),
    );
    this.tellAuthors(moved, completed);
    return reads.map(() => undefined);
  }

  /**
   * The authors whose messages the batch's reads crossed hear who read them, and which of theirs
   * turned READ, gathered per (group, author) by ReceiptNotices.
   */
  private tellAuthors(moved: readonly AppliedRead[], completed: ReadonlyArray<{ id: string; authorId: string; groupId: string }>): void {
    const groups = new Map<string, { readers: string[]; authors: Set<string>; completed: Map<string, string[]> }>();
    const of = (groupId: string) => {
      let entry = groups.get(groupId);
      if (!entry) groups.set(groupId, (entry = { readers: [], authors: new Set(), completed: new Map() }));
      return entry;
    };
    for (const r of moved) {
      const entry = of(r.groupId);
      entry.readers.push(r.userId);
      for (const a of r.authorIds) entry.authors.add(a);
    }
    for (const c of completed) {
      const entry = of(c.groupId);
      entry.authors.add(c.authorId);
      entry.completed.set(c.authorId, [...(entry.completed.get(c.authorId) ?? []), c.id]);
    }
    for (const [groupId, { readers, authors, completed: done }] of groups) {
      for (const authorId of authors) {
        this.deps.notices.add(groupId, authorId, { status: 'READ', userIds: readers, completedIds: done.get(authorId) ?? [] });
      }
    }
  }
}
