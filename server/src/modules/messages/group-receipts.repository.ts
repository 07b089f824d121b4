import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { groupMembers, groupReceipts, messages, users } from '../../db/schema';

// Per-member delivery and read state of group messages. Each write is ONE statement
// for everything a member has not seen yet, however many messages that is. A member's watermarks
// (group_members.delivered_seq / read_seq) bound the scan; they only advance over messages older
// than WATERMARK_LAG, because a seq is taken at insert and a message with a lower seq may commit
// after one with a higher seq: the lag keeps such a message inside the next scan.
const WATERMARK_LAG = sql`interval '1 minute'`;

export interface ReceiptRow {
  messageId: string;
  authorId: string;
  groupId: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One group message that reached `userId` (deliverWaitingMany). */
export interface DeliveredRow extends ReceiptRow {
  userId: string;
}

// One JSON parameter, whatever the number of users (as the group commit's INSERT): the text stays
// the same for a reconnection wave's hundreds of calls.
const deliverWaiting = (userIds: string) => sql`
    WITH who AS (
      SELECT DISTINCT value::uuid AS user_id FROM json_array_elements_text(${userIds}::json)
    ), ins AS (
      INSERT INTO group_receipts (message_id, user_id)
      SELECT m.id, gm.user_id
      FROM who
      JOIN group_members gm ON gm.user_id = who.user_id
      JOIN messages m ON m.group_id = gm.group_id AND m.seq > gm.delivered_seq
      WHERE m.author_id <> gm.user_id
      ON CONFLICT DO NOTHING
      RETURNING message_id, user_id
    ), mark AS (
      UPDATE group_members gm
      SET delivered_seq = greatest(gm.delivered_seq, coalesce((
        SELECT max(m.seq) FROM messages m WHERE m.group_id = gm.group_id AND m.created_at < now() - ${WATERMARK_LAG}
      ), 0))
      FROM who
      WHERE gm.user_id = who.user_id
    )
    SELECT ins.message_id AS "messageId", ins.user_id AS "userId", m.author_id AS "authorId", m.group_id AS "groupId"
    FROM ins JOIN messages m ON m.id = ins.message_id`;

/**
 * These users came online: every group message of theirs not delivered yet is, now, in one
 * statement for all of them (the users connecting while the previous one runs go
 * together, create-presence.ts). Returns what changed, with whom it reached.
 */
export async function deliverWaitingMany(db: Db, userIds: readonly string[]): Promise<DeliveredRow[]> {
  if (userIds.length === 0) return [];
  return rowsOf<DeliveredRow>(await db.execute(deliverWaiting(JSON.stringify(userIds))));
}

/** A group read's bound, the message shown last: its seq and createdAt; undefined when it is not of that group. */
export async function readBound(db: Db, groupId: string, messageId: string): Promise<{ seq: number; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ seq: messages.seq, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.groupId, groupId)));
  return row;
}

/**
 * The member has the group open: every message of others there, up to the bound's seq (the one
 * shown last, readBound; null: all), is read (and delivered). Returns what changed.
 */
export async function readAll(db: Db, groupId: string, readerId: string, boundSeq: number | null): Promise<ReceiptRow[]> {
  // No bound: the largest seq there is (a bigint).
  const bound = boundSeq === null ? sql`9223372036854775807::bigint` : sql`${boundSeq}::bigint`;
  const result = await db.execute(sql`
    WITH gm AS (
      SELECT read_seq, ${bound} AS up_to FROM group_members WHERE group_id = ${groupId}::uuid AND user_id = ${readerId}::uuid
    ), ins AS (
      INSERT INTO group_receipts (message_id, user_id, delivered_at, read_at)
      SELECT m.id, ${readerId}::uuid, now(), now()
      FROM messages m, gm
      WHERE m.group_id = ${groupId}::uuid AND m.seq > gm.read_seq AND m.seq <= gm.up_to AND m.author_id <> ${readerId}::uuid
      ON CONFLICT (message_id, user_id) DO UPDATE SET read_at = excluded.read_at WHERE group_receipts.read_at IS NULL
      RETURNING message_id
    ), mark AS (
      UPDATE group_members
      SET read_seq = greatest(read_seq, coalesce((
        SELECT max(m.seq) FROM messages m, gm
        WHERE m.group_id = ${groupId}::uuid AND m.seq <= gm.up_to AND m.created_at < now() - ${WATERMARK_LAG}
      ), 0))
      WHERE group_id = ${groupId}::uuid AND user_id = ${readerId}::uuid
    )
    SELECT ins.message_id AS "messageId", m.author_id AS "authorId", m.group_id AS "groupId"
    FROM ins JOIN messages m ON m.id = ins.message_id`);
  return rowsOf<ReceiptRow>(result);
}

/**
 * Messages every current (active) member but the author has now read become READ: the group's
 * highlighted tick. Either these messages (someone just read them) or every unfinished message of
 * a group (its membership shrank, so fewer readers are awaited). Returns them with their authors.
 */
export async function completeReads(db: Db, scope: { ids: readonly string[] } | { groupId: string }): Promise<CompletedRead[]> {
  if ('ids' in scope && scope.ids.length === 0) return [];
  const member = alias(groupMembers, 'member');
  const reader = alias(users, 'reader');
  const unread = db
    .select({ one: sql`1` })
    .from(member)
    .innerJoin(reader, and(eq(reader.id, member.userId), eq(reader.active, true)))
    .where(
      and(
        eq(member.groupId, messages.groupId),
        ne(member.userId, messages.authorId),
        sql`NOT EXISTS (SELECT 1 FROM ${groupReceipts} r WHERE r.message_id = ${messages.id} AND r.user_id = ${member.userId} AND r.read_at IS NOT NULL)`,
      ),
    );
  const which = 'ids' in scope ? inArray(messages.id, [...scope.ids]) : eq(messages.groupId, scope.groupId);
  return db
    .update(messages)
    .set({ status: 'READ' })
    .where(and(which, ne(messages.status, 'READ'), sql`NOT EXISTS (${unread})`))
    .returning({ id: messages.id, authorId: messages.authorId });
}

export interface CompletedRead {
  id: string;
  authorId: string;
}

export interface ReceiptPerson {
  user: { id: string; name: string; avatarUrl: string | null };
  deliveredAt: Date;
  readAt: Date | null;
}

/** The receipts of one group message from its current members, oldest first. */
export async function receiptsOf(db: Db, messageId: string, groupId: string): Promise<ReceiptPerson[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      avatarUrl: users.avatarUrl,
      deliveredAt: groupReceipts.deliveredAt,
      readAt: groupReceipts.readAt,
    })
    .from(groupReceipts)
    .innerJoin(users, eq(users.id, groupReceipts.userId))
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, groupReceipts.userId)))
    .where(and(eq(groupReceipts.messageId, messageId), eq(users.active, true)))
    .orderBy(sql`coalesce(${groupReceipts.readAt}, ${groupReceipts.deliveredAt})`, users.name);
  return rows.map((r) => ({ user: { id: r.id, name: r.name, avatarUrl: r.avatarUrl }, deliveredAt: r.deliveredAt, readAt: r.readAt }));
}
