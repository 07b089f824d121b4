import type { FastifyBaseLogger } from 'fastify';
import { OUTGOING_HEADERS, type Message } from '@chat/contracts';
import type { Db } from '../../db/client';
import { BackgroundTasks } from '../../lib/background-tasks';
import type { AddressPolicy } from './address-policy';
import {
  anyDue,
  type ClaimedDelivery,
  claimDue,
  enqueueDeliveries,
  type Outcome,
  pruneFinished,
  recordOutcome,
} from './deliveries.repository';
import { DeliveryError, safePost } from './safe-post';
import { signDelivery } from './signature';

export interface WebhookDeliveryOptions {
  /** How often each process looks for due deliveries (a new message wakes this process's at once). */
  pollMs?: number;
  /** The waits before each retry; one attempt more than there are waits, then the delivery fails. */
  retryDelaysMs?: readonly number[];
  /** How long one attempt may take. */
  timeoutMs?: number;
}

const DEFAULTS: Required<WebhookDeliveryOptions> = {
  pollMs: 2000,
  retryDelaysMs: [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000],
  timeoutMs: 10_000,
};

/** Deliveries taken per round; a full round is followed by another at once. */
const BATCH = 10;
/** Prunes the log about once in this many rounds. */
const PRUNE_EVERY = 300;

/** A status worth another attempt: the receiver was down, overloaded or slow. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * The outgoing webhooks' queue: a group message is written to it (webhook_deliveries) after it is
 * stored, off the request's path, and every process posts what is due, retrying with back-off.
 * Because the queue is a table, a restart loses nothing and several processes share it.
 */
export class WebhookDeliveries {
  private readonly options: Required<WebhookDeliveryOptions>;
  private readonly enqueues: BackgroundTasks;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private again = false;
  private rounds = 0;
  private closed = false;
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly policy: AddressPolicy,
    private readonly log: FastifyBaseLogger,
    options: WebhookDeliveryOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.enqueues = new BackgroundTasks(log);
  }

  /** A message was stored: queue it for its group's outgoing webhooks (not a webhook's own, which would loop). */
  messageStored(message: Message): void {
    const { groupId } = message;
    if (this.closed || groupId === null || message.bot || message.content.type === 'system') return;
    this.enqueues.run('webhooks: falha ao enfileirar', async () => {
      if ((await enqueueDeliveries(this.db, { ...message, groupId })) > 0) this.wake();
    });
  }

  start(): void {
    if (this.started || this.closed) return;
    this.started = true;
    this.schedule(this.options.pollMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.enqueues.settled();
    await this.round;
  }

  /** Runs a round soon (or right after the one running). */
  private wake(): void {
    if (!this.started || this.closed) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.round = this.runRound().finally(() => {
        this.round = null;
        const full = this.again;
        this.again = false;
        this.schedule(full ? 0 : this.options.pollMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async runRound(): Promise<void> {
    try {
      if (++this.rounds % PRUNE_EVERY === 0) await pruneFinished(this.db);
      if (!(await anyDue(this.db))) return;
      const due = await claimDue(this.db, BATCH, this.options.timeoutMs * 2 + 5000);
      await Promise.all(due.map((delivery) => this.deliver(delivery)));
      if (due.length === BATCH) this.again = true;
    } catch (error) {
      if (!this.closed) this.log.error({ err: error }, 'webhooks: falha na rodada de entregas');
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'user-agent': 'Papo-Webhooks/1',
      [OUTGOING_HEADERS.timestamp]: String(timestamp),
      [OUTGOING_HEADERS.signature]: signDelivery(delivery.secret, timestamp, delivery.payload),
      [OUTGOING_HEADERS.webhookId]: delivery.webhookId,
      [OUTGOING_HEADERS.deliveryId]: delivery.id,
    };
    let outcome: Outcome;
    try {
      const { status } = await safePost(new URL(delivery.url), delivery.payload, headers, this.policy, this.options.timeoutMs);
      if (status >= 200 && status < 300) outcome = { state: 'delivered', status };
      else outcome = this.failure(delivery, status, `HTTP ${status}`, retryable(status));
    } catch (error) {
      outcome = this.failure(delivery, null, error instanceof DeliveryError ? error.message : 'falha na conexão', true);
    }
    await recordOutcome(this.db, delivery.id, outcome);
  }

  private failure(delivery: ClaimedDelivery, status: number | null, error: string, retry: boolean): Outcome {
    const wait = this.options.retryDelaysMs[delivery.attempts - 1];
    if (!retry || wait === undefined) return { state: 'failed', status, error };
    return { state: 'retry', status, error, retryInMs: wait };
  }
}
