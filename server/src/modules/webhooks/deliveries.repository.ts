import { and, desc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Message } from '@chat/contracts';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/queries/execute-rows';
import { webhookDeliveries } from '../../db/schema';

/**
 * Queues `message` for each outgoing webhook of its group that wants it (all messages, or those
 * that mention '@<name>'), in one statement. Each payload is written now, so every attempt posts
 * the message as it was sent. The unique (webhook, message) pair makes a second call a no-op.
 */
export async function enqueueDeliveries(db: Db, message: Message & { groupId: string }): Promise<number> {
  const fields = JSON.stringify({
    event: 'message.created',
    message: {
      id: message.id,
      type: message.content.type,
      text: message.content.body,
      ...(message.content.caption === undefined ? {} : { caption: message.content.caption }),
      mentions: message.mentions,
      createdAt: message.createdAt,
      author: { id: message.author.id, name: message.author.name },
    },
  });
  const rows = await executeRows<{ id: string }>(
    db,
    sql`INSERT INTO webhook_deliveries (webhook_id, message_id, payload)
      SELECT w.id, ${message.id}::uuid,
        (jsonb_build_object('webhook', jsonb_build_object('id', w.id, 'name', w.name), 'group', jsonb_build_object('id', g.id, 'name', g.name))
          || ${fields}::jsonb)::text
      FROM outgoing_webhooks w JOIN groups g ON g.id = w.group_id
      WHERE w.group_id = ${message.groupId}::uuid
        AND (w.trigger = 'all' OR strpos(lower(${message.content.body}), lower('@' || w.name)) > 0)
      ON CONFLICT (webhook_id, message_id) DO NOTHING
      RETURNING id`,
  );
  return rows.length;
}

export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Whether any delivery is due: the idle round of every process is this one read on the partial
 * index, and only a round that finds work takes rows (claimDue).
 */
export async function anyDue(db: Db): Promise<boolean> {
  const d = webhookDeliveries;
  const now = sql`now()`;
  const rows = await db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.state, 'pending'), lte(d.nextAttemptAt, now), or(isNull(d.lockedUntil), lt(d.lockedUntil, now))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes up to `limit` due deliveries for this process: SKIP LOCKED lets several processes poll the
 * one queue without taking the same row, and `locked_until` hands a delivery to another process
 * when the one that took it died mid-post.
 */
export function claimDue(db: Db, limit: number, lockMs: number): Promise<ClaimedDelivery[]> {
  return executeRows<ClaimedDelivery>(
    db,
    sql`UPDATE webhook_deliveries d
      SET locked_until = now() + make_interval(secs => ${lockMs / 1000}), attempts = d.attempts + 1
      FROM (
        SELECT id FROM webhook_deliveries
        WHERE state = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) due, outgoing_webhooks w
      WHERE d.id = due.id AND w.id = d.webhook_id
      RETURNING d.id, d.webhook_id AS "webhookId", d.payload, d.attempts, w.url, w.secret`,
  );
}

/** An attempt's outcome: delivered, given up, or tried again after `retryInMs`. */
export type Outcome =
  | { state: 'delivered'; status: number }
  | { state: 'failed'; status: number | null; error: string | null }
  | { state: 'retry'; status: number | null; error: string | null; retryInMs: number };

export async function recordOutcome(db: Db, id: string, outcome: Outcome): Promise<void> {
  const status = outcome.status;
  const error = outcome.state === 'delivered' ? null : (outcome.error?.slice(0, 300) ?? null);
  if (outcome.state === 'retry') {
    await db.execute(
      sql`UPDATE webhook_deliveries SET last_status = ${status}, last_error = ${error}, locked_until = NULL,
        next_attempt_at = now() + make_interval(secs => ${outcome.retryInMs / 1000})
        WHERE id = ${id}::uuid`,
    );
    return;
  }
  await db.execute(
    sql`UPDATE webhook_deliveries SET state = ${outcome.state}, last_status = ${status}, last_error = ${error},
      locked_until = NULL, finished_at = now()
      WHERE id = ${id}::uuid`,
  );
}

/** Finished deliveries are kept this long for the log. */
export const DELIVERY_LOG_DAYS = 7;

export async function pruneFinished(db: Db): Promise<void> {
  const d = webhookDeliveries;
  await db.delete(d).where(and(ne(d.state, 'pending'), lt(d.finishedAt, sql`now() - make_interval(days => ${DELIVERY_LOG_DAYS})`)));
}

/** A webhook's latest deliveries, newest first. */
export function latestDeliveries(db: Db, webhookId: string, limit: number) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
}
