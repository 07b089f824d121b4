import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_EXPORT_TTL_HOURS } from '@chat/contracts';
import type { Db } from '../../db/client';
import type { DataExportRow } from '../../db/schema';
import * as repo from './data-exports.repository';
import { type ExportKinds, kindOf } from './export-kind';

// The background work behind 'Baixar meus dados' and the ADMIN's workspace export. The job is its
// database row (data-exports repository): the process that received the request starts it at once, and every process
// looks for unclaimed jobs now and then, so a job left by a restart or a dead process is done
// by whichever process looks first, and by one only.

/** How often each process looks for jobs nobody holds and for expired files. */
const POLL_MS = 30_000;
/** Tries before a job is given up as failed. */
const MAX_ATTEMPTS = 3;

export interface ExportJobsDeps {
  db: Db;
  dataDir: string;
  now: () => Date;
  log: FastifyBaseLogger;
  kinds: ExportKinds;
}

/** Where an export's zip lives: DATA_DIR/exports/<id>.zip. */
export const exportFilePath = (dataDir: string, id: string) => path.join(dataDir, 'exports', `${id}.zip`);

export class DataExportJobs {
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly stop = new AbortController();

  constructor(private readonly deps: ExportJobsDeps) {}

  /** Starts the periodic look for jobs and expired files (the first one now: jobs left by the last run). */
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
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'exportação de dados: falha ao procurar trabalhos'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Interrupts the export being written (it goes back to the queue) and waits for the worker to stop. */
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
    const { db } = this.deps;
    await this.removeExpired();
    while (!this.stop.signal.aborted) {
      const job = await repo.claimNext(db);
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: DataExportRow): Promise<void> {
    const { db, dataDir, log } = this.deps;
    const file = exportFilePath(dataDir, job.id);
    const lost = new AbortController();
    const heartbeat = setInterval(
      () =>
        void repo.renewLease(db, job.id, job.attempts).then(
          (held) => held || lost.abort(),
          () => undefined,
        ),
      (repo.LEASE_SECONDS * 1000) / 4,
    );
    try {
      const kind = kindOf(this.deps.kinds, job);
      const written = await kind.write(job, file, AbortSignal.any([this.stop.signal, lost.signal]));
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
      if (this.stop.signal.aborted || lost.signal.aborted) {
        await repo.release(db, job, 'pending').catch(() => undefined);
        return;
      }
      log.error({ err: error, exportId: job.id }, 'exportação falhou');
      await repo.release(db, job, job.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Past its 24 hours an export's file goes and its row says 'expired' (until a new one replaces it). */
  private async removeExpired(): Promise<void> {
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
