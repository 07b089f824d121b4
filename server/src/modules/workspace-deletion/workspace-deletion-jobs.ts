import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceDeletionRow } from '../../db/schema';
import { type DeleteWorkspaceDeps, deleteWorkspace, isInterrupted } from './delete-workspace';
import * as repo from './workspace-deletions.repository';

// The background work behind ROOT's 'Excluir workspace', run the way the data exports are: the
// process that received the request starts it at once, and every process looks for unclaimed
// jobs now and then, so a deletion cut off by a restart is resumed by whichever process looks
// first, and by one only.

const POLL_MS = 30_000;
/** Tries in a row before a job waits for ROOT to ask again. */
const MAX_ATTEMPTS = 3;

export interface WorkspaceDeletionJobsDeps extends DeleteWorkspaceDeps {
  log: FastifyBaseLogger;
}

export class WorkspaceDeletionJobs {
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly stop = new AbortController();

  constructor(private readonly deps: WorkspaceDeletionJobsDeps) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
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
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'exclusão de workspace: falha ao procurar trabalhos'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops between two batches (the job goes back to the queue) and waits for the worker. */
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
    while (!this.stop.signal.aborted) {
      const job = await repo.claimNext(this.deps.db);
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: WorkspaceDeletionRow): Promise<void> {
    const { db, log } = this.deps;
    const lost = new AbortController();
    const heartbeat = setInterval(
      () =>
        void repo.renewLease(db, job).then(
          (held) => held || lost.abort(),
          () => undefined,
        ),
      (repo.LEASE_SECONDS * 1000) / 4,
    );
    try {
      await deleteWorkspace(this.deps, job, AbortSignal.any([this.stop.signal, lost.signal]));
    } catch (error) {
      if (isInterrupted(error) || this.stop.signal.aborted || lost.signal.aborted) {
        await repo.release(db, job, 'pending').catch(() => undefined);
        return;
      }
      log.error({ err: error, deletionId: job.id }, 'exclusão de workspace falhou');
      await repo.release(db, job, job.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending');
    } finally {
      clearInterval(heartbeat);
    }
  }
}
