import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJobOptions {
  /** For the log line of a failed round. */
  what: string;
  intervalMs: number;
  /** The first round's wait, when it differs from the interval. */
  firstDelayMs?: number;
  /** Whether this process runs this round (another may hold the job's lease). */
  takeTurn: () => Promise<boolean>;
  round: () => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Runs `round` every `intervalMs` on the process whose turn it is. Rounds never overlap (the next
 * is scheduled when one ends), a failed one is logged and the next runs as usual, and the timer
 * does not keep the process alive. stop() waits for a round in progress.
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: PeriodicJobOptions) {}

  start(): this {
    this.schedule(this.options.firstDelayMs ?? this.options.intervalMs);
    return this;
  }

  /** One round now, if it is this process's turn (tests; the timer calls it too). */
  runOnce(): Promise<void> {
    this.running ??= this.turn().finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async turn(): Promise<void> {
    const { takeTurn, round, what, log } = this.options;
    try {
      if (await takeTurn()) await round();
    } catch (error) {
      log.error({ err: error }, what);
    }
  }

  private schedule(delayMs = this.options.intervalMs): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.runOnce().then(() => this.schedule()), delayMs);
    this.timer.unref();
  }
}
