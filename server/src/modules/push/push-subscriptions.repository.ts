import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationSettings } from '@chat/contracts';
import type { Db } from '../../db/client';
import { conversationMutes, groupMembers, notificationSettings, pushSubscriptions, sessions } from '../../db/schema';
import { toSettings } from '../notification-settings/notification-settings.repository';

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

const subscriptionColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
  revokedAt: sessions.revokedAt,
  expiresAt: sessions.expiresAt,
};

/**
 * The rows whose session is still going. A session that ended (sign-out, ended in Configurações, a
 * password change) or expired takes its device's pushes with it: those rows are removed here,
 * whichever process ended the session.
 */
async function keepLive<T extends { id: string; revokedAt: Date | null; expiresAt: Date }>(db: Db, rows: T[], now: Date): Promise<T[]> {
  const ended = rows.filter((row) => row.revokedAt !== null || row.expiresAt <= now).map((row) => row.id);
  if (ended.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ended));
  return rows.filter((row) => row.revokedAt === null && row.expiresAt > now);
}

/** The subscriptions of these users whose session is still going (keepLive). */
export async function liveSubscriptionsOf(db: Db, userIds: readonly string[], now: Date): Promise<StoredSubscription[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select(subscriptionColumns)
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  return (await keepLive(db, rows, now)).map(({ revokedAt: _r, expiresAt: _e, ...sub }) => sub);
}

/** A live subscription with what decides whether it gets a message: its owner's settings and the chats they silenced. */
export interface PushTarget extends StoredSubscription {
  settings: NotificationSettings;
  /** Among the chats asked about, those the owner silenced. */
  mutedChats: Set<string>;
}

/**
 * liveSubscriptionsOf with each owner's settings and which of these chats they silenced, in one
 * query: a message's push then costs the database no more round trips than finding that nobody is
 * subscribed does.
 */
export async function pushTargetsOf(
  db: Db,
  userIds: readonly string[],
  chats: { groupIds: readonly string[]; conversationIds: readonly string[] },
  now: Date,
): Promise<PushTarget[]> {
  if (userIds.length === 0) return [];
  const none = sql<string | null>`null`;
  const mutedGroups =
    chats.groupIds.length === 0
      ? none
      : sql<
          string | null
        >`(select string_agg(${groupMembers.groupId}::text, ',') from ${groupMembers} where ${groupMembers.userId} = ${pushSubscriptions.userId} and ${groupMembers.muted} and ${inArray(groupMembers.groupId, [...chats.groupIds])})`;
  const mutedConversations =
    chats.conversationIds.length === 0
      ? none
      : sql<
          string | null
        >`(select string_agg(${conversationMutes.conversationId}::text, ',') from ${conversationMutes} where ${conversationMutes.userId} = ${pushSubscriptions.userId} and ${inArray(conversationMutes.conversationId, [...chats.conversationIds])})`;
  const rows = await db
    .select({ ...subscriptionColumns, settings: notificationSettings, mutedGroups, mutedConversations })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  const split = (ids: string | null) => (ids ? ids.split(',') : []);
  return (await keepLive(db, rows, now)).map(
    ({ revokedAt: _r, expiresAt: _e, settings, mutedGroups: g, mutedConversations: c, ...sub }) => ({
      ...sub,
      settings: toSettings(settings),
      mutedChats: new Set([...split(g), ...split(c)]),
    }),
  );
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
