import { NOTIFICATION_LEVELS } from '@chat/contracts';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './index';
import { createdAt } from './columns';

// Notifications away from the app: each device's Web Push subscription and each person's
// notification settings.

// One Web Push subscription per device: the browser's push service endpoint and the keys that
// encrypt for it, tied to the session that subscribed, so that ending the session (sign-out, end
// of a session, a password change) ends the device's pushes with it.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    // A push service's URL is one device's: posting it again (another account on the same browser)
    // moves it to whoever posted last.
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
    index('push_subscriptions_session_id_idx').on(t.sessionId),
  ],
);

export const notificationLevelEnum = pgEnum('notification_level', NOTIFICATION_LEVELS);

// Configurações > Notificações; a person without a row has the defaults (contracts).
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: notificationLevelEnum('level').notNull().default('all'),
  // 'Não perturbe' as 'HH:mm' on the person's clock (timeZone); both null when off.
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull(),
  sound: boolean('sound').notNull().default(true),
  emailDigest: boolean('email_digest').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
