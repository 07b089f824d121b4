import type { FastifyBaseLogger } from 'fastify';

// Background jobs kept as database rows and claimed under a lease: the process that received the
// request starts the work at once, and every process looks for unclaimed jobs now and then, so a
// job cut off by a restart or a dead process is taken up by whichever process looks first, and
// by one only. A job whose lease another process took is dropped here without a word.

export interface LeasedJob {
  id: string;
  /** Tries so far, this one included (the claim counts it). */
  attempts: number;
}

/** The job table's side: how a kind of job is claimed, held and handed back. */
export interface LeasedJobStore<Job extends LeasedJob> {
  /** The next job nobody holds, claimed with a fresh lease; null when there is none. */
  claimNext(): Promise<Job | null>;
  /** Extends the lease; false when the job is no longer this process's. */
  renewLease(job: Job): Promise<boolean>;
  /** Hands the job back: 'pending' to be tried again, 'failed' to stop trying. */
  release(job: Job, status: 'pending' | 'failed'): Promise<void>;
  leaseSeconds: number;
}

export interface LeasedJobsOptions {
  /** In the logs: what the jobs do ('exportação de dados'). */
  label: string;
  log: FastifyBaseLogger;
  /** How often each process looks for jobs nobody holds. */
  pollMs: number;
  /** Tries before a job is released as failed. */
  maxAttempts: number;
}

export abstract class LeasedJobs<Job extends LeasedJob> {
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly stop = new AbortController();

  protected constructor(
    private readonly store: LeasedJobStore<Job>,
    private readonly options: LeasedJobsOptions,
  ) {}

  /** Does the job; `signal` aborts when the process stops or the lease is lost, and the job goes back to the queue. */
  protected abstract work(job: Job, signal: AbortSignal): Promise<void>;

  /** Housekeeping before each look for jobs (expired files, for instance). */
  protected async beforeDrain(): Promise<void> {}

  /** An error that only says the work stopped on the way (the job goes back to the queue). */
  protected isInterruption(_error: unknown): boolean {
    return false;
  }

  /** Starts the periodic look for jobs (the first one now: jobs left by the last run). */
  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Works through the jobs nobody holds, now; a call while it works makes it look once more. */
  kick(): void {
    if (this.stop.signal.aborted) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.label}: falha ao procurar trabalhos`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Interrupts the job in progress (it goes back to the queue) and waits for the worker to stop. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.stop.abort();
    await this.draining;
  }

  /** Resolves once the jobs queued so far are done (tests). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    await this.beforeDrain();
    while (!this.stop.signal.aborted) {
      const job = await this.store.claimNext();
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: Job): Promise<void> {
    const lost = new AbortController();
    const heartbeat = setInterval(
      () =>
        void this.store.renewLease(job).then(
          (held) => held || lost.abort(),
          () => undefined,
        ),
      (this.store.leaseSeconds * 1000) / 4,
    );
    try {
      await this.work(job, AbortSignal.any([this.stop.signal, lost.signal]));
    } catch (error) {
      if (this.isInterruption(error) || this.stop.signal.aborted || lost.signal.aborted) {
        await this.store.release(job, 'pending').catch(() => undefined);
        return;
      }
      this.options.log.error({ err: error, jobId: job.id }, `${this.options.label}: o trabalho falhou`);
      await this.store.release(job, job.attempts >= this.options.maxAttempts ? 'failed' : 'pending');
    } finally {
      clearInterval(heartbeat);
    }
  }
}
