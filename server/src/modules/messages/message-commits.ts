import type { Message } from '@chat/contracts';
import type { Db, Engine } from '../../db/client';
import type { MessageRow } from '../../db/schema';
import { BatchQueue } from '../../lib/batch-queue';
import type { ChatEvents } from '../realtime/chat-events';
import type { AuthorGuard } from './author-guard';
import { type MessageAuthor, type MessageWithAuthor, type ReplyFields, toMessageEntity } from './message-entity';
import { insertMessages } from './message-batch-insert';
import { findByClientIds, insertOneMessageQuery, type SentMessage } from './messages.repository';
import { SeqOrder, type StoredRow } from './seq-order';

/** A send whose checks have passed (permissions, content, mentions, reply), ready to be stored. */
export interface PendingMessage {
  values: SentMessage & { clientId: string };
  /** Set when the author came from this process's cache: the INSERT confirms it (author-guard.ts). */
  authorGuard: AuthorGuard | null;
  author: MessageAuthor;
  reply: ReplyFields | null;
  /** Who hears the `message` event, its sockets written in this order: everyone in the chat, the author's other tabs included. */
  audience: readonly string[];
  /** Group members online now: delivered at once (their delivery watermark moves in the INSERT's statement). */
  deliveredTo: readonly string[];
}

/**
 * New: stored by this commit and emitted. Stored: this (author, clientId) was there already (an
 * earlier commit, another process, or a twin in the same commit), null when it could not be read.
 */
export type CommitResult = { inserted: Message } | { stored: MessageWithAuthor | null };

const keyOf = (authorId: string, clientId: string) => `${authorId}\n${clientId}`;
const rowOf = (p: PendingMessage) => ({ values: p.values, guard: p.authorGuard, deliveredTo: p.deliveredTo });

/**
 * Stores sends in groups: the sends that arrive while one commit runs go together in
 * the next, as ONE insert of every row (plus the group deliveries, in the same statement) and one
 * commit, instead of one each; at light load a second commit may run beside a lone
 * one's. Each send is answered and its `message` emitted only after its commit, in seq order. A
 * commit that fails is retried one send at a time, so a bad send fails alone. One instance per
 * process (the messages service's); across processes the unique (author_id, client_id) index
 * still keeps one row per clientId.
 */
export class MessageCommits {
  private readonly queue: BatchQueue<PendingMessage, CommitResult>;
  private readonly order: SeqOrder;
  private readonly insertOne: ReturnType<typeof insertOneMessageQuery>;

  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
    engine: Engine,
  ) {
    // On PostgreSQL a second commit may run beside a lone send's, on another connection (two
    // members writing to each other: otherwise each send waits for the other's commit); under load
    // one at a time gathers more (batch-queue.ts). PGlite runs one query at a time on this thread:
    // a second commit would only wait inside it, having gathered less; and a commit started at
    // once would run before the other sends read with it were parsed, so it waits for them.
    this.queue = new BatchQueue(
      (batch) => this.commitOrSplit(batch),
      engine === 'postgres' ? { secondBesideUpTo: 1 } : { gatherPhase: true },
    );
    this.insertOne = insertOneMessageQuery(db);
    // Emitted in seq order, across the two commits that may run at once (seq-order.ts); to the
    // other processes in one write.
    this.order = new SeqOrder((emits) => this.events.inOneWrite(() => emits.forEach((emit) => emit())));
  }

  submit(pending: PendingMessage): Promise<CommitResult> {
    return this.queue.submit(pending);
  }

  private async commitOrSplit(batch: readonly PendingMessage[]): Promise<Array<CommitResult | Error>> {
    try {
      return await this.commit(batch);
    } catch (error) {
      if (batch.length === 1) throw error;
      // One after another, in order: the others still go through, the culprit gets its error.
      const results: Array<CommitResult | Error> = [];
      for (const pending of batch) {
        results.push(
          await this.commit([pending]).then(
            (r) => r[0]!,
            (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
          ),
        );
      }
      return results;
    }
  }

  private async commit(batch: readonly PendingMessage[]): Promise<CommitResult[]> {
    // A retry of one clientId inside the batch is inserted once; its twins get the stored row.
    const firstOf = new Map<string, PendingMessage>();
    for (const p of batch) {
      const key = keyOf(p.values.authorId, p.values.clientId);
      if (!firstOf.has(key)) firstOf.set(key, p);
    }
    const unique = [...firstOf.values()];
    const messages = new Map<string, Message>();
    const outgoing: StoredRow[] = [];
    let rows: MessageRow[];
    // done() exactly once, stored or not: until then the other commit's rows wait (seq-order.ts).
    const ticket = this.order.begin();
    let emitted: Promise<void>;
    try {
      rows = await this.store(unique);
      for (const row of rows) {
        const key = keyOf(row.authorId, row.clientId!);
        const p = firstOf.get(key)!;
        const message = toMessageEntity({ message: row, author: p.author, reply: p.reply });
        messages.set(key, message);
        outgoing.push({ seq: row.seq, emit: () => this.events.toUsers(p.audience, 'message', message) });
      }
    } finally {
      emitted = this.order.done(ticket, outgoing);
    }

    const inserted = new Map<string, MessageRow>(rows.map((r) => [keyOf(r.authorId, r.clientId!), r]));
    const missing = unique.filter((p) => !inserted.has(keyOf(p.values.authorId, p.values.clientId)));
    const earlier =
      missing.length === 0
        ? []
        : await findByClientIds(
            this.db,
            missing.map((p) => [p.values.authorId, p.values.clientId] as const),
          );
    const before = new Map(earlier.map((m) => [keyOf(m.message.authorId, m.message.clientId!), m]));
    // Answered once its messages are out, as before two commits could run at once.
    await emitted;

    return batch.map((p) => {
      const key = keyOf(p.values.authorId, p.values.clientId);
      const row = inserted.get(key);
      if (row && firstOf.get(key) === p) return { inserted: messages.get(key)! };
      if (row) return { stored: { message: row, author: p.author, reply: firstOf.get(key)!.reply } };
      return { stored: before.get(key) ?? null };
    });
  }

  /** One statement: the INSERT of every row, with the delivery watermarks of those delivered at once. */
  private store(unique: readonly PendingMessage[]): Promise<MessageRow[]> {
    const only = unique.length === 1 ? unique[0]! : null;
    if (only && only.deliveredTo.length === 0) return this.insertOne(only.values, only.authorGuard);
    return insertMessages(this.db, unique.map(rowOf));
  }
}
