import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { SessionEntity } from '@chat/contracts';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';

/** The user's sessions neither ended nor expired, most recently used first; `currentId` flagged. */
export async function activeSessionsOf(db: Db, userId: string, currentId: string | null, now: Date): Promise<SessionEntity[]> {
  const rows = await db
    .select({
      id: sessions.id,
      device: sessions.device,
      browser: sessions.browser,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  }));
}
