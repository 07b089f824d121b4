import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';

export interface StoredSubscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores this device's subscription for the session; an endpoint already known moves to it. */
export async function saveSubscription(
  db: Db,
  values: { userId: string; sessionId: string; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: values.userId, sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth },
    });
}

/** Removes the caller's own subscription at `endpoint`; another person's is left alone. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/**
 * The subscriptions of these users whose session is still going. A session that ended (sign-out,
 * ended in Configurações, a password change) or expired takes its device's pushes with it: those
 * rows are removed here, whichever process ended the session.
 */
export async function liveSubscriptionsOf(db: Db, userIds: readonly string[], now: Date): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  const ended = rows.filter((row) => row.revokedAt !== null || row.expiresAt <= now).map((row) => row.id);
  if (ended.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ended));
  return rows.filter((row) => row.revokedAt === null && row.expiresAt > now).map(({ revokedAt: _r, expiresAt: _e, ...sub }) => sub);
}

/** Removes the subscriptions of sessions that have ended (run when this process learns of them). */
export async function deleteSubscriptionsOfSessions(db: Db, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, [...sessionIds]));
}

/** Whether the session is active (a subscription is accepted only for one). */
export async function isActiveSession(db: Db, sessionId: string, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return !!row;
}
