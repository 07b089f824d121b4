import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { groups, messages, users } from './index';
import { createdAt } from './columns';

// A group's integrations (modules/webhooks): incoming webhooks post into the group, outgoing ones
// receive its new messages, delivered from a queue that lives in the database so that it survives
// a restart and is shared by every server process.

export const incomingWebhooks = pgTable(
  'incoming_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    // Shown as the author of what it posts, with the 'bot' badge.
    name: text('name').notNull(),
    avatarUrl: text('avatar_url'),
    // Whether a payload's username / icon_url may replace the name and the avatar.
    allowOverrides: boolean('allow_overrides').notNull().default(false),
    // The URL's token is the secret: only its SHA-256 is kept, as for refresh tokens.
    tokenHash: text('token_hash').notNull(),
    // Who created or last regenerated it: the messages are stored under a member of the group.
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('incoming_webhooks_token_hash_key').on(t.tokenHash), index('incoming_webhooks_group_id_idx').on(t.groupId)],
);

export const outgoingWebhooks = pgTable(
  'outgoing_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    // 'all' messages of the group, or only those that mention '@<name>'.
    trigger: text('trigger').notNull(),
    // Signs each delivery (HMAC-SHA256); the receiver holds the same value.
    secret: text('secret').notNull(),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('outgoing_webhooks_group_id_idx').on(t.groupId)],
);

// One message for one outgoing webhook: pending until delivered or given up, retried with back-off.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => outgoingWebhooks.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    // The JSON body as it was when the message was sent: every attempt posts the same bytes.
    payload: text('payload').notNull(),
    // 'pending', 'delivered' or 'failed'.
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A process that claimed it is posting it until then; past it, another may take it over.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_id_idx').on(t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_once_key').on(t.webhookId, t.messageId),
  ],
);

export type IncomingWebhookRow = typeof incomingWebhooks.$inferSelect;
export type OutgoingWebhookRow = typeof outgoingWebhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
