import { eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, auditSettings } from '../../db/schema';

/** How long entries stay while ROOT has set nothing: two years. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
/** Entries deleted per statement: each is short, and nothing waits on the log for long. */
export const AUDIT_PURGE_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function auditRetentionDays(db: Db): Promise<number> {
  const [row] = await db.select({ days: auditSettings.retentionDays }).from(auditSettings).where(eq(auditSettings.id, 1));
  return row?.days ?? DEFAULT_AUDIT_RETENTION_DAYS;
}

export async function saveAuditRetentionDays(db: Db, days: number, now: Date): Promise<void> {
  await db
    .insert(auditSettings)
    .values({ id: 1, retentionDays: days, updatedAt: now })
    .onConflictDoUpdate({ target: auditSettings.id, set: { retentionDays: days, updatedAt: now } });
}

/** Deletes the entries older than the period ROOT set (none when it is 0), in short batches; how many. */
export async function purgeExpiredEntries(db: Db, now: Date): Promise<number> {
  const days = await auditRetentionDays(db);
  if (days === 0) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lt(auditLog.createdAt, cutoff))
      .orderBy(auditLog.createdAt)
      .limit(AUDIT_PURGE_BATCH);
    const deleted = await db.delete(auditLog).where(inArray(auditLog.id, batch)).returning({ id: auditLog.id });
    purged += deleted.length;
    if (deleted.length < AUDIT_PURGE_BATCH) return purged;
  }
}
