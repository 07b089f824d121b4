import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@chat/contracts';
import type { Db } from '../../db/client';
import { notificationSettings, type NotificationSettingsRow, users } from '../../db/schema';

/** A person's stored settings, or the defaults when they never saved any (no row). */
export const toSettings = (row: NotificationSettingsRow | null | undefined): NotificationSettings =>
  row
    ? {
        level: row.level,
        quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
        timeZone: row.timeZone,
        sound: row.sound,
        emailDigest: row.emailDigest,
      }
    : DEFAULT_NOTIFICATION_SETTINGS;

export async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return toSettings(row);
}

/** The settings of each of these users (the defaults for those who never saved any), in one query. */
export async function settingsOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationSettings)
          .where(inArray(notificationSettings.userId, [...userIds]));
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((id) => [id, toSettings(byUser.get(id))]));
}

export async function saveSettings(db: Db, userId: string, settings: NotificationSettings, now: Date): Promise<NotificationSettings> {
  const values = {
    level: settings.level,
    quietStart: settings.quietHours?.start ?? null,
    quietEnd: settings.quietHours?.end ?? null,
    timeZone: settings.timeZone,
    sound: settings.sound,
    emailDigest: settings.emailDigest,
    updatedAt: now,
  };
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values })
    .returning();
  return toSettings(row);
}

/** The digest's "turn off" link: digests off, the rest as it was (the defaults for someone who never saved any). False for no such person. */
export async function turnDigestsOff(db: Db, userId: string, now: Date): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await saveSettings(db, userId, { ...(await settingsOf(db, userId)), emailDigest: false }, now);
  return true;
}
