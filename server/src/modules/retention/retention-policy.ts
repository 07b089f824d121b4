import { eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaceRetention } from '../../db/schema';

/** The days a workspace keeps its messages; 0 (or no policy) keeps them forever. */
export async function messageRetentionDays(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ days: workspaceRetention.messageRetentionDays })
    .from(workspaceRetention)
    .where(eq(workspaceRetention.workspaceId, workspaceId));
  return row?.days ?? 0;
}

export async function saveMessageRetentionDays(db: Db, workspaceId: string, days: number, now: Date): Promise<void> {
  await db
    .insert(workspaceRetention)
    .values({ workspaceId, messageRetentionDays: days, updatedAt: now })
    .onConflictDoUpdate({ target: workspaceRetention.workspaceId, set: { messageRetentionDays: days, updatedAt: now } });
}

/** Every workspace with a window to apply. */
export function retentionPolicies(db: Db): Promise<Array<{ workspaceId: string; days: number }>> {
  return db
    .select({ workspaceId: workspaceRetention.workspaceId, days: workspaceRetention.messageRetentionDays })
    .from(workspaceRetention)
    .where(gt(workspaceRetention.messageRetentionDays, 0));
}
