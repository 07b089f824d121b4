import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT_TTL_HOURS } from '@chat/contracts';
import type { Db } from '../../db/client';
import type { DataExportRow } from '../../db/schema';
import { LeasedJobs } from '../../lib/leased-jobs';
import * as repo from './data-exports.repository';
import { type ExportKinds, kindOf } from './export-kind';

// The background work behind 'Baixar meus dados' and the ADMIN's workspace export, run as leased
// jobs (lib/leased-jobs.ts) whose rows are in the data-exports repository.

export interface ExportJobsDeps {
  db: Db;
  dataDir: string;
  now: () => Date;
  log: FastifyBaseLogger;
  kinds: ExportKinds;
}

/** Where an export's zip lives: DATA_DIR/exports/<id>.zip. */
export const exportFilePath = (dataDir: string, id: string) => path.join(dataDir, 'exports', `${id}.zip`);

export class DataExportJobs extends LeasedJobs<DataExportRow> {
  constructor(private readonly deps: ExportJobsDeps) {
    const { db } = deps;
    super(
      {
        claimNext: () => repo.claimNext(db),
        renewLease: (job) => repo.renewLease(db, job.id, job.attempts),
        release: (job, status) => repo.release(db, job, status),
        leaseSeconds: repo.LEASE_SECONDS,
      },
      { label: 'exportação de dados', log: deps.log, pollMs: 30_000, maxAttempts: 3 },
    );
  }

  protected async work(job: DataExportRow, signal: AbortSignal): Promise<void> {
    const { db, dataDir } = this.deps;
    const file = exportFilePath(dataDir, job.id);
    try {
      const kind = kindOf(this.deps.kinds, job);
      const written = await kind.write(job, file, signal);
      if (!written) return;
      const readyAt = this.deps.now();
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_TTL_HOURS * 60 * 60 * 1000);
      if (!(await repo.markReady(db, job, written.sizeBytes, readyAt, expiresAt))) {
        await rm(file, { force: true });
        return;
      }
      await kind.announce(job, expiresAt);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  /** Past its 24 hours an export's file goes and its row says 'expired' (until a new one replaces it). */
  protected override async beforeDrain(): Promise<void> {
    const { db, dataDir } = this.deps;
    const now = this.deps.now();
    const expired = await repo.pastTheirLink(db, now);
    for (const { id } of expired) await rm(exportFilePath(dataDir, id), { force: true });
    await repo.markExpired(
      db,
      expired.map((e) => e.id),
    );
    await removeExports(this.deps, await repo.staleFailures(db, now));
  }
}

/** Removes these exports' files and rows (a new request replaces the old file; an erased account takes all). */
export async function removeExports(deps: Pick<ExportJobsDeps, 'db' | 'dataDir'>, ids: ReadonlyArray<{ id: string }>): Promise<void> {
  for (const { id } of ids) await rm(exportFilePath(deps.dataDir, id), { force: true });
  await repo.deleteRows(
    deps.db,
    ids.map((i) => i.id),
  );
}
