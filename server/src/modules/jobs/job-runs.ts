import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema';

/**
 * Claims this period's run of job `name`: true for exactly one caller, however many processes ask
 * at once, once `everyMs` has passed since the last claimed run. One statement: PostgreSQL's row
 * lock on the job's row orders concurrent claims, and the later ones see the moved start.
 */
export async function claimRun(db: Db, name: string, now: Date, everyMs: number): Promise<boolean> {
  const due = new Date(now.getTime() - everyMs);
  const claimed = await db
    .insert(jobRuns)
    .values({ name, startedAt: now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { startedAt: now },
      setWhere: sql`${jobRuns.startedAt} <= ${due.toISOString()}::timestamptz`,
    })
    .returning({ name: jobRuns.name });
  return claimed.length > 0;
}
