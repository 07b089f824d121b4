import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaces, type WorkspaceDeletionRow } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { allOf } from '../exports/data-exports.repository';
import { removeExports } from '../exports/export-jobs';
import { record } from '../audit/audit';
import type { MediaStore } from '../media/media-store';
import { chatsOf, deleteMessages, expiredBatch } from '../retention/retention-messages.repository';
import { RETENTION_BATCH } from '../retention/retention-run';
import * as data from './workspace-data.repository';
import * as repo from './workspace-deletions.repository';

// The deletion itself, in the order that keeps every step small: the messages chat by chat (so
// no group or conversation cascades over thousands of them), the files with their rows, the
// groups, the members (with their data exports), the workspace's log entries, and last, in one
// transaction, the workspace row (its polygons, invites, sign-in settings and retention go with
// it), the job marked done and ROOT's entry 'Workspace excluído'.

/** Rows deleted per statement, as the retention's batches. */
export const DELETION_BATCH = RETENTION_BATCH;

/** Past every message: the retention's batch query then takes a chat's messages of any age. */
const NO_CUTOFF_SEQ = Number.MAX_SAFE_INTEGER;

export interface DeleteWorkspaceDeps {
  db: Db;
  store: MediaStore;
  dataDir: string;
  now: () => Date;
}

/** Thrown between batches when the job must stop: the process is closing or the lease was lost. */
class Interrupted extends Error {}

export const isInterrupted = (error: unknown) => error instanceof Interrupted;

/** Carries out (or resumes) the job; throws when interrupted, leaving what is left for the next run. */
export async function deleteWorkspace(deps: DeleteWorkspaceDeps, job: WorkspaceDeletionRow, signal: AbortSignal): Promise<void> {
  const { db } = deps;
  const workspaceId = job.workspaceId;
  if (!workspaceId) return repo.markDone(db, job, deps.now());
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) return repo.markDone(db, job, deps.now());
  const total = job.total > 0 ? job.total : await data.countItems(db, workspaceId);
  if (job.total === 0) await repo.setTotal(db, job, total);

  const progress = async (count: number) => {
    if (signal.aborted || !(await repo.addDone(db, job, count))) throw new Interrupted();
  };

  for (const chat of await chatsOf(db, workspaceId)) {
    let afterSeq = 0;
    const farFuture = new Date(deps.now().getTime() + 24 * 60 * 60 * 1000);
    for (;;) {
      const batch = await expiredBatch(db, chat, { afterSeq, maxSeq: NO_CUTOFF_SEQ }, farFuture, DELETION_BATCH);
      if (batch.length === 0) break;
      afterSeq = batch[batch.length - 1]!.seq;
      await progress(
        await deleteMessages(
          db,
          batch.map((m) => m.id),
        ),
      );
    }
  }

  for (;;) {
    const keys = await data.uploadBatch(db, workspaceId, DELETION_BATCH);
    if (keys.length === 0) break;
    // The files before their rows: a run cut off in between finds the rows again and retries.
    for (const key of keys) await deps.store.delete(key);
    await data.forgetUploads(db, keys);
    await progress(keys.length);
  }

  for (let deleted; (deleted = await data.deleteGroupBatch(db, workspaceId, DELETION_BATCH)) > 0;) await progress(deleted);

  for (;;) {
    const ids = await data.memberBatch(db, workspaceId, DELETION_BATCH);
    if (ids.length === 0) break;
    for (const id of ids) await removeExports({ db, dataDir: deps.dataDir }, await allOf(db, id));
    await progress(await data.deleteMembers(db, ids));
  }

  for (let deleted; (deleted = await data.deleteAuditBatch(db, workspaceId, DELETION_BATCH)) > 0;) await progress(deleted);

  if (signal.aborted) throw new Interrupted();
  await inTransaction(db, async (tx) => {
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    await repo.markDone(tx, job, deps.now());
    // In ROOT's log (no workspace): the workspace's own entries are gone with it.
    await record(tx, {
      action: 'workspace.deleted',
      workspaceId: null,
      actor: { id: job.requestedById, ip: job.requestedFromIp },
      details: { workspaceId, name: workspace.name, items: total },
    });
  });
}
