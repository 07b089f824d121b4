import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceDeletionRow } from '../../db/schema';
import { LeasedJobs } from '../../lib/leased-jobs';
import { type DeleteWorkspaceDeps, deleteWorkspace, isInterrupted } from './delete-workspace';
import * as repo from './workspace-deletions.repository';

// The background work behind ROOT's 'Excluir workspace', run as leased jobs (lib/leased-jobs.ts):
// a deletion cut off by a restart is resumed by whichever process looks first, and by one only.

export interface WorkspaceDeletionJobsDeps extends DeleteWorkspaceDeps {
  log: FastifyBaseLogger;
}

export class WorkspaceDeletionJobs extends LeasedJobs<WorkspaceDeletionRow> {
  constructor(private readonly deps: WorkspaceDeletionJobsDeps) {
    const { db } = deps;
    super(
      {
        claimNext: () => repo.claimNext(db),
        renewLease: (job) => repo.renewLease(db, job),
        release: (job, status) => repo.release(db, job, status),
        leaseSeconds: repo.LEASE_SECONDS,
      },
      // Three tries in a row, then the job waits for ROOT to ask again.
      { label: 'exclusão de workspace', log: deps.log, pollMs: 30_000, maxAttempts: 3 },
    );
  }

  protected work(job: WorkspaceDeletionRow, signal: AbortSignal): Promise<void> {
    return deleteWorkspace(this.deps, job, signal);
  }

  protected override isInterruption(error: unknown): boolean {
    return isInterrupted(error);
  }
}
