import { eq, lte, or, sql } from 'drizzle-orm';
import { jobLeases } from '../schema';
import type { Db } from '../types';

/**
 * Takes or renews the lease of job `name` for `holder` until `until`: true when `holder` has it
 * now. One conditional upsert, so of several processes asking at once one gets it; the holder
 * keeps renewing it, and the others get it only once it has run out (its holder died or stopped).
 */
export async function takeJobLease(db: Db, lease: { name: string; holder: string; now: Date; until: Date }): Promise<boolean> {
  const rows = await db
    .insert(jobLeases)
    .values({ name: lease.name, holder: lease.holder, until: lease.until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder: lease.holder, until: lease.until },
      setWhere: or(lte(jobLeases.until, lease.now), eq(jobLeases.holder, sql`excluded.holder`)),
    })
    .returning({ holder: jobLeases.holder });
  return rows.length === 1;
}

/** Gives the lease up at once (a closing process), so another takes the job without waiting for it to run out. */
export async function dropJobLease(db: Db, name: string, holder: string): Promise<void> {
  await db.delete(jobLeases).where(sql`${jobLeases.name} = ${name} AND ${jobLeases.holder} = ${holder}`);
}
