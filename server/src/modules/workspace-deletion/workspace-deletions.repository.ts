import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { WorkspaceDeletion } from '@chat/contracts';
import type { Db } from '../../db/client';
import { workspaceDeletions, type WorkspaceDeletionRow } from '../../db/schema';
import { LEASE_SECONDS } from '../exports/data-exports.repository';

// The deletion jobs' rows, taken the way the data exports' are: the claim moves a job to
// 'running' with a lease, under FOR UPDATE SKIP LOCKED, so two processes polling together never
// take the same row, and a job whose process died (its lease lapsed) is taken again.

export { LEASE_SECONDS };

export const toDeletion = (row: WorkspaceDeletionRow): WorkspaceDeletion => ({
  id: row.id,
  workspaceId: row.workspaceId,
  status: row.status,
  done: row.done,
  total: row.total,
});

export async function findDeletion(db: Db, id: string): Promise<WorkspaceDeletionRow | null> {
  const [row] = await db.select().from(workspaceDeletions).where(eq(workspaceDeletions.id, id));
  return row ?? null;
}

export async function deletionOf(db: Db, workspaceId: string): Promise<WorkspaceDeletionRow | null> {
  const [row] = await db.select().from(workspaceDeletions).where(eq(workspaceDeletions.workspaceId, workspaceId));
  return row ?? null;
}

/** The deletions still under way, by workspace (the root area's list marks those workspaces). */
export function unfinished(db: Db): Promise<WorkspaceDeletionRow[]> {
  return db
    .select()
    .from(workspaceDeletions)
    .where(inArray(workspaceDeletions.status, ['pending', 'running', 'failed']));
}

/** The workspace's job: a new one, or the one already asked for (a failed one goes back to the queue). */
export async function insertOrResume(db: Db, values: { workspaceId: string; requestedById: string; requestedFromIp: string | null }) {
  const [row] = await db
    .insert(workspaceDeletions)
    .values({ ...values, total: 0 })
    .onConflictDoUpdate({
      target: workspaceDeletions.workspaceId,
      set: {
        status: sql`CASE WHEN ${workspaceDeletions.status} = 'failed' THEN 'pending' ELSE ${workspaceDeletions.status} END`,
        attempts: sql`CASE WHEN ${workspaceDeletions.status} = 'failed' THEN 0 ELSE ${workspaceDeletions.attempts} END`,
      },
    })
    .returning();
  return row!;
}

/** Takes the oldest job nobody holds (pending, or running with a lapsed lease), or null. */
export async function claimNext(db: Db): Promise<WorkspaceDeletionRow | null> {
  const candidate = db
    .select({ id: workspaceDeletions.id })
    .from(workspaceDeletions)
    .where(
      or(
        eq(workspaceDeletions.status, 'pending'),
        and(eq(workspaceDeletions.status, 'running'), lt(workspaceDeletions.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(workspaceDeletions.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(workspaceDeletions)
    .set({
      status: 'running',
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${workspaceDeletions.attempts} + 1`,
    })
    .where(inArray(workspaceDeletions.id, candidate))
    .returning();
  return row ?? null;
}

const held = (job: WorkspaceDeletionRow) =>
  and(eq(workspaceDeletions.id, job.id), eq(workspaceDeletions.status, 'running'), eq(workspaceDeletions.attempts, job.attempts));

/** Extends the claim; false when the job is no longer this worker's (taken over after a lapse). */
export async function renewLease(db: Db, job: WorkspaceDeletionRow): Promise<boolean> {
  const renewed = await db
    .update(workspaceDeletions)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(held(job))
    .returning({ id: workspaceDeletions.id });
  return renewed.length > 0;
}

export async function setTotal(db: Db, job: WorkspaceDeletionRow, total: number): Promise<void> {
  await db.update(workspaceDeletions).set({ total }).where(held(job));
}

/** Adds a batch to the progress; false when the job is no longer this worker's (it must stop). */
export async function addDone(db: Db, job: WorkspaceDeletionRow, count: number): Promise<boolean> {
  const updated = await db
    .update(workspaceDeletions)
    .set({ done: sql`least(${workspaceDeletions.done} + ${count}, ${workspaceDeletions.total})` })
    .where(held(job))
    .returning({ id: workspaceDeletions.id });
  return updated.length > 0;
}

export async function markDone(db: Db, job: WorkspaceDeletionRow, now: Date): Promise<void> {
  await db
    .update(workspaceDeletions)
    .set({ status: 'done', done: workspaceDeletions.total, leaseUntil: null, finishedAt: now })
    .where(eq(workspaceDeletions.id, job.id));
}

/** Back to the queue (interrupted, or failed with tries left), or failed until ROOT asks again. */
export async function release(db: Db, job: WorkspaceDeletionRow, status: 'pending' | 'failed'): Promise<void> {
  await db.update(workspaceDeletions).set({ status, leaseUntil: null }).where(held(job));
}
