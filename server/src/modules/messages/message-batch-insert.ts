import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/queries/execute-rows';
import { type MessageRow, messageColumns, messages } from '../../db/schema';
import { type AuthorGuard, guardedAuthorId } from './author-guard';
import type { SentMessage } from './messages.repository';

/**
 * One row of a group commit: what the send sets, the author's guard when it came from the cache,
 * and the group members it is delivered to now (online when it was sent; none for conversations).
 */
export interface BatchRow {
  values: SentMessage;
  guard: AuthorGuard | null;
  deliveredTo: readonly string[];
}

/**
 * The record type of the JSON parameter: its place in the batch, one field per column a send sets,
 * plus the guard's fields (NULL guard_id: the author as given). Enum and array types are parsed by PostgreSQL.
 */
const RECORD = sql.raw(`r(
  ord int, author_id uuid, conversation_id uuid, group_id uuid, content_type message_content_type, body text, caption text,
  file_name text, file_size bigint, mime_type text, duration_ms int, status message_status, client_id text, reply_to_id uuid, mentions text[],
  webhook_id uuid, bot_name text, bot_avatar_url text,
  guard_id uuid, guard_role user_role, guard_password_hash text, guard_name text, guard_avatar_url text,
  delivered_to uuid[])`);

const column = (name: string) => sql.raw(`r.${name}`);

/** The author guard (author-guard.ts) read from the record's guard fields. */
const guardedAuthor = guardedAuthorId({
  id: column('guard_id'),
  role: column('guard_role'),
  passwordHash: column('guard_password_hash'),
  name: column('guard_name'),
  avatarUrl: column('guard_avatar_url'),
});

const returned = Object.entries(messageColumns);
const RETURNING = sql.join(
  returned.map(([, c]) => sql.identifier(c.name)),
  sql`, `,
);

/**
 * Inserts the rows of a group commit (message-commits.ts) in ONE statement with ONE parameter,
 * the rows as a JSON array (a multi-row VALUES bound ~10 parameters a row, which the
 * driver serialised and PostgreSQL parsed and planned anew for every batch size). seq follows the
 * given order (each record carries its place, ORDER BY it). A row whose (author, clientId) is already stored is
 * skipped (ON CONFLICT on the unique index, so two simultaneous attempts still store one row): the
 * result has the rows stored now. A guarded row whose author no longer matches gets a NULL
 * author_id, which NOT NULL refuses (the whole statement fails, as the multi-row VALUES did). Its text
 * never changes with the batch's size.
 *
 * The members a group message is delivered to at once (online when it was sent) have their
 * delivery watermark moved in the same statement, one UPDATE for all of them (a data-modifying CTE
 * over the rows just stored, so a retry skipped by ON CONFLICT moves none): one round trip, where a
 * transaction took four (BEGIN, the two writes, COMMIT). Such a crossing writes no mark: its time
 * is the message's own (group-receipts.repository.ts).
 */
const insertBatch = (records: string) => sql`
    WITH r AS MATERIALIZED (
      SELECT * FROM json_to_recordset(${records}::json) AS ${RECORD}
    ), stored AS (
      INSERT INTO ${messages} (author_id, conversation_id, group_id, content_type, body, caption, file_name, file_size, mime_type, duration_ms,
        status, client_id, reply_to_id, mentions, webhook_id, bot_name, bot_avatar_url)
      SELECT CASE WHEN r.guard_id IS NULL THEN r.author_id ELSE ${guardedAuthor} END,
        r.conversation_id, r.group_id, r.content_type, r.body, r.caption, r.file_name, r.file_size, r.mime_type, r.duration_ms, r.status, r.client_id, r.reply_to_id, coalesce(r.mentions, '{}'),
        r.webhook_id, r.bot_name, r.bot_avatar_url
      FROM r
      ORDER BY r.ord
      ON CONFLICT (author_id, client_id) DO NOTHING
      RETURNING ${RETURNING}
    ), delivered AS MATERIALIZED (
      SELECT stored.group_id, d.user_id, max(stored.seq) AS seq
      FROM stored JOIN r ON r.author_id = stored.author_id AND r.client_id = stored.client_id
      CROSS JOIN LATERAL unnest(r.delivered_to) AS d(user_id)
      GROUP BY stored.group_id, d.user_id
    ), locked AS MATERIALIZED (
      -- In the order every writer of these rows locks them (group-receipts.repository.ts).
      SELECT gm.group_id, gm.user_id FROM group_members gm
      JOIN delivered ON delivered.group_id = gm.group_id AND delivered.user_id = gm.user_id
      ORDER BY gm.group_id, gm.user_id
      FOR UPDATE OF gm
    ), bump AS (
      UPDATE group_members gm SET delivered_seq = greatest(gm.delivered_seq, delivered.seq)
      FROM delivered JOIN locked ON locked.group_id = delivered.group_id AND locked.user_id = delivered.user_id
      WHERE gm.group_id = delivered.group_id AND gm.user_id = delivered.user_id
    )
    SELECT * FROM stored`;

export async function insertMessages(db: Db, rows: readonly BatchRow[]): Promise<MessageRow[]> {
  const records = JSON.stringify(rows.map((row, ord) => toRecord(row, ord)));
  const stored = await executeRows<Record<string, unknown>>(db, insertBatch(records));
  return stored.map(toMessageRow);
}

function toRecord({ values, guard, deliveredTo }: BatchRow, ord: number) {
  return {
    ord,
    author_id: values.authorId,
    conversation_id: values.conversationId ?? null,
    group_id: values.groupId ?? null,
    content_type: values.contentType,
    body: values.body,
    caption: values.caption,
    file_name: values.fileName ?? null,
    file_size: values.fileSize ?? null,
    mime_type: values.mimeType ?? null,
    duration_ms: values.durationMs ?? null,
    status: values.status,
    client_id: values.clientId,
    reply_to_id: values.replyToId,
    mentions: values.mentions,
    webhook_id: values.webhookId ?? null,
    bot_name: values.botName ?? null,
    bot_avatar_url: values.botAvatarUrl ?? null,
    guard_id: guard?.id ?? null,
    guard_role: guard?.role ?? null,
    guard_password_hash: guard?.passwordHash ?? null,
    guard_name: guard?.name ?? null,
    guard_avatar_url: guard?.avatarUrl ?? null,
    delivered_to: deliveredTo,
  };
}

/** A raw RETURNING row as the query builder would have given it (column types mapped by drizzle). */
function toMessageRow(raw: Record<string, unknown>): MessageRow {
  const row: Record<string, unknown> = {};
  for (const [key, c] of returned) {
    const value = raw[c.name];
    row[key] = value === null || value === undefined ? null : c.mapFromDriverValue(value);
  }
  return row as MessageRow;
}
