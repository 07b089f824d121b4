import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** How often a process asks Redis whether it still has peers (or has one again). */
export const PEER_CHECK_MS = 5_000;
/** How long a starting process waits for the others to say they publish again. */
export const PEER_ACK_TIMEOUT_MS = 3_000;

const signalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), from: z.string() }),
  z.object({ type: z.literal('ack'), from: z.string(), to: z.string() }),
]);
type Signal = z.infer<typeof signalSchema>;

export interface PeerOptions {
  /** 0 = no periodic check (tests call check()). */
  checkMs?: number;
  ackTimeoutMs?: number;
}

/**
 * Whether another server process shares this Redis deployment (issue 14). A process that is alone
 * need not publish its broadcasts: nobody else would deliver them, and each PUBLISH cost a write,
 * Redis's work on the same cores, and a read of its own copy coming back (with 2 members the
 * server's CPU a message fell from 0.84-0.88 to 0.63-0.71 ms without them). So broadcasts stay local while alone (redis-adapter.ts), and this keeps `alone`
 * true only when no other process can have a socket that needs them:
 *
 * - Every process subscribes to one control channel. A process that starts counts the others
 *   there (NUMSUB, after its own subscriptions, so it already hears their broadcasts), says hello,
 *   and only then lets start() resolve, once each of them has answered (or ACK_TIMEOUT has
 *   passed: a process that does not answer is dying). Its sockets are accepted after start().
 * - A process that hears a hello stops being alone before it answers: from then on it publishes.
 * - Every CHECK_MS a process counts the subscribers again and is alone when it is the only one; an
 *   answer that crossed a hello is dropped (the hello is newer). After its own connection to Redis
 *   came back it is not alone until a count says so (hellos may have been missed meanwhile).
 */
export class PeerProcesses {
  private alone = false;
  /** Hellos heard so far: a count asked before the latest one is stale. */
  private hellos = 0;
  private readonly id = randomUUID();
  /** While start() waits for the others' answers. */
  private awaiting: { others: number; answered: Set<string>; resolve: () => void } | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;
  private readonly checkMs: number;
  private readonly ackTimeoutMs: number;

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    private readonly onError: (error: Error) => void,
    options: PeerOptions = {},
  ) {
    this.checkMs = options.checkMs ?? PEER_CHECK_MS;
    this.ackTimeoutMs = options.ackTimeoutMs ?? PEER_ACK_TIMEOUT_MS;
  }

  /** True only while no other process can hold a socket that a broadcast of this one must reach. */
  get isAlone(): boolean {
    return this.alone;
  }

  /**
   * Call after the adapter's subscriptions were issued on `sub` (commands on one connection run in
   * order): once this resolves, this process hears every broadcast and the others publish theirs.
   */
  async start(): Promise<void> {
    this.sub.on('message', this.onMessage);
    this.sub.on('ready', this.onReconnected);
    await this.sub.subscribe(this.channel);
    const heard = this.hellos;
    const others = (await this.count()) - 1;
    if (others <= 0) {
      if (this.hellos === heard) this.alone = true;
    } else {
      await this.helloAndWait(others);
    }
    if (this.checkMs > 0) this.timer = setInterval(() => void this.check().catch(this.onError), this.checkMs);
  }

  /** Counts the processes again; alone when this is the only one and no hello crossed the answer. */
  async check(): Promise<void> {
    // While Redis is away ioredis holds the commands: one count waits, not one per period.
    if (this.checking) return;
    this.checking = true;
    try {
      const heard = this.hellos;
      const count = await this.count();
      if (this.hellos === heard) this.alone = count <= 1;
    } finally {
      this.checking = false;
    }
  }

  /** Says hello and waits until `others` processes have answered, or ACK_TIMEOUT. */
  private async helloAndWait(others: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = new Promise<void>((resolve) => {
      this.awaiting = { others, answered: new Set(), resolve };
      timer = setTimeout(resolve, this.ackTimeoutMs);
    });
    try {
      await this.publish({ type: 'hello', from: this.id });
      await answered;
    } finally {
      clearTimeout(timer);
      this.awaiting = null;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sub.off('message', this.onMessage);
    this.sub.off('ready', this.onReconnected);
  }

  /** Subscribers of the control channel: the processes of this deployment, this one included. */
  private async count(): Promise<number> {
    const [, count] = (await this.pub.call('PUBSUB', 'NUMSUB', this.channel)) as [string, number | string];
    return Number(count);
  }

  private publish(signal: Signal): Promise<number> {
    return this.pub.publish(this.channel, JSON.stringify(signal));
  }

  private readonly onMessage = (channel: string, text: string) => {
    if (channel !== this.channel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const result = signalSchema.safeParse(parsed);
    if (!result.success || result.data.from === this.id) return;
    const signal = result.data;
    if (signal.type === 'hello') {
      // Publishing from this instant: every broadcast after this line goes to Redis, and the
      // newcomer accepts sockets only after the answer, which leaves after them.
      this.hellos += 1;
      this.alone = false;
      void this.publish({ type: 'ack', from: this.id, to: signal.from }).catch(this.onError);
    } else if (signal.type === 'ack' && signal.to === this.id && this.awaiting) {
      this.awaiting.answered.add(signal.from);
      if (this.awaiting.answered.size >= this.awaiting.others) this.awaiting.resolve();
    }
  };

  private readonly onReconnected = () => {
    this.hellos += 1;
    this.alone = false;
  };
}
