import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataExports, type DataExportRow } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';

// The export jobs' rows, a person's and a workspace's alike. A job is taken by one process at a time: the claim moves it to 'running'
// with a lease, under FOR UPDATE SKIP LOCKED, so two processes polling together never take the
// same row, and a job whose process died (its lease lapsed) is taken again.

/** How long a claim holds without renewal; the worker renews it well within. */
export const LEASE_SECONDS = 120;

/** Whose exports: a person's own, or a workspace's (whichever of its ADMINs asked). */
export type ExportScope = { userId: string; workspaceId?: never } | { workspaceId: string; userId?: never };

const ofScope = (scope: ExportScope): SQL =>
  scope.workspaceId !== undefined
    ? eq(dataExports.workspaceId, scope.workspaceId)
    : and(eq(dataExports.userId, scope.userId), isNull(dataExports.workspaceId))!;

/**
 * A new pending export asked for by `requestedBy`, of the scope; null when the scope already has
 * one pending or running.
 */
export async function insertPending(db: Db, requestedBy: string, scope: ExportScope): Promise<DataExportRow | null> {
  try {
    const [row] = await db
      .insert(dataExports)
      .values({ userId: requestedBy, workspaceId: scope.workspaceId ?? null })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, 'data_exports_active_user_key') || isUniqueViolation(error, 'data_exports_active_workspace_key'))
      return null;
    throw error;
  }
}

/** Takes the oldest job nobody holds (pending, or running with a lapsed lease), or null. */
export async function claimNext(db: Db): Promise<DataExportRow | null> {
  const candidate = db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(or(eq(dataExports.status, 'pending'), and(eq(dataExports.status, 'running'), lt(dataExports.leaseUntil, sql`now()`))))
    .orderBy(asc(dataExports.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'running',
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      attempts: sql`${dataExports.attempts} + 1`,
    })
    .where(inArray(dataExports.id, candidate))
    .returning();
  return row ?? null;
}

/** Extends the claim; false when the job is no longer this worker's (taken over, or the account was erased). */
export async function renewLease(db: Db, id: string, attempt: number): Promise<boolean> {
  const renewed = await db
    .update(dataExports)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'running'), eq(dataExports.attempts, attempt)))
    .returning({ id: dataExports.id });
  return renewed.length > 0;
}

export async function markReady(db: Db, job: DataExportRow, sizeBytes: number, readyAt: Date, expiresAt: Date): Promise<boolean> {
  const done = await db
    .update(dataExports)
    .set({ status: 'ready', sizeBytes, readyAt, expiresAt, leaseUntil: null })
    .where(and(eq(dataExports.id, job.id), eq(dataExports.status, 'running'), eq(dataExports.attempts, job.attempts)))
    .returning({ id: dataExports.id });
  return done.length > 0;
}

/** Back to the queue (interrupted, or failed with tries left), or failed for good. */
export async function release(db: Db, job: DataExportRow, status: 'pending' | 'failed'): Promise<void> {
  await db
    .update(dataExports)
    .set({ status, leaseUntil: null })
    .where(and(eq(dataExports.id, job.id), eq(dataExports.status, 'running'), eq(dataExports.attempts, job.attempts)));
}

export async function latestOf(db: Db, scope: ExportScope): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(ofScope(scope)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ?? null;
}

/** Finished exports of the scope (their files go when a new one is asked for). */
export function finishedOf(db: Db, scope: ExportScope): Promise<Array<{ id: string }>> {
  return db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(ofScope(scope), inArray(dataExports.status, ['ready', 'expired', 'failed'])));
}

/** Ready exports past their link's end: their files go, their rows stay as 'expired' to say so. */
export function pastTheirLink(db: Db, now: Date): Promise<Array<{ id: string }>> {
  return db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)));
}

export async function markExpired(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .update(dataExports)
      .set({ status: 'expired' })
      .where(inArray(dataExports.id, [...ids]));
}

/** Failed exports a day old: their rows go (a failed export leaves no file). */
export function staleFailures(db: Db, now: Date): Promise<Array<{ id: string }>> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'failed'), lt(dataExports.createdAt, dayAgo)));
}

export async function deleteRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(dataExports).where(inArray(dataExports.id, [...ids]));
}

/** Every export the person asked for, their own and their workspace's (an erased account takes them all). */
export function allOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.userId, userId));
}
