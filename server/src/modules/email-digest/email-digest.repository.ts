import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/queries/execute-rows';
import { emailDigests, users } from '../../db/schema';

/** Someone whose digest may be due. */
export interface DueDigest {
  userId: string;
  name: string;
  email: string;
  active: boolean;
  pendingSince: Date;
  digestedSeq: number;
  lastSentAt: Date | null;
}

/** One unread message of a digest (the newest few of each chat), with its chat's count. */
export interface DigestItem {
  seq: number;
  chatId: string;
  isGroup: boolean;
  chatName: string;
  authorName: string;
  contentType: string;
  body: string;
  caption: string | null;
  fileName: string | null;
  durationMs: number | null;
  createdAt: Date;
  /** Unread messages of this chat in the digest. */
  chatTotal: number;
}

export interface DigestItems {
  /** The newest few of each chat, oldest first. */
  items: DigestItem[];
  /** The newest message of all (the digest's watermark) and the oldest one's time. */
  topSeq: number;
  oldestAt: Date;
}

/** `userIds` got a message while they had no tab open: they are looked at once it is old enough. */
export async function markPending(db: Db, userIds: readonly string[], at: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(emailDigests)
    .values(userIds.map((userId) => ({ userId, pendingSince: at })))
    .onConflictDoUpdate({
      target: emailDigests.userId,
      set: { pendingSince: sql`excluded.pending_since` },
      // Already waiting: the earlier time stays, and the row is not written again.
      setWhere: isNull(emailDigests.pendingSince),
    });
}

/** Whose pending mark is older than `cutoff` and whose last digest (if any) is too, oldest first. */
export async function dueDigests(db: Db, cutoff: Date, limit: number): Promise<DueDigest[]> {
  const rows = await db
    .select({
      userId: emailDigests.userId,
      name: users.name,
      email: users.email,
      active: users.active,
      pendingSince: emailDigests.pendingSince,
      digestedSeq: emailDigests.digestedSeq,
      lastSentAt: emailDigests.lastSentAt,
    })
    .from(emailDigests)
    .innerJoin(users, eq(users.id, emailDigests.userId))
    .where(and(lte(emailDigests.pendingSince, cutoff), or(isNull(emailDigests.lastSentAt), lte(emailDigests.lastSentAt, cutoff))))
    .orderBy(emailDigests.pendingSince)
    .limit(limit);
  return rows.map((row) => ({ ...row, pendingSince: row.pendingSince! }));
}

/** Forgets the pending mark (nothing to send now): a later message sets it again. */
export async function clearPending(db: Db, userId: string): Promise<void> {
  await db.update(emailDigests).set({ pendingSince: null }).where(eq(emailDigests.userId, userId));
}

/** Moves the pending mark to `at` (the oldest message still waiting), or sets it when it was cleared. */
export async function setPending(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(emailDigests).set({ pendingSince: at }).where(eq(emailDigests.userId, userId));
}

/**
 * Takes the digest of messages up to `topSeq` for this person: true for one caller only, even
 * with several processes (the row must still be as the caller read it, and no digest went out
 * within `cutoff`).
 */
export async function claimDigest(
  db: Db,
  claim: { userId: string; fromSeq: number; topSeq: number; now: Date; cutoff: Date },
): Promise<boolean> {
  const rows = await db
    .update(emailDigests)
    .set({ digestedSeq: claim.topSeq, lastSentAt: claim.now, pendingSince: null })
    .where(
      and(
        eq(emailDigests.userId, claim.userId),
        eq(emailDigests.digestedSeq, claim.fromSeq),
        or(isNull(emailDigests.lastSentAt), lte(emailDigests.lastSentAt, claim.cutoff)),
      ),
    )
    .returning({ userId: emailDigests.userId });
  return rows.length === 1;
}

/** Gives a claimed digest back after its mail failed: the same messages go in the next attempt. */
export async function releaseDigest(
  db: Db,
  claim: { userId: string; fromSeq: number; topSeq: number; lastSentAt: Date | null; pendingSince: Date },
): Promise<void> {
  await db
    .update(emailDigests)
    .set({ digestedSeq: claim.fromSeq, lastSentAt: claim.lastSentAt, pendingSince: claim.pendingSince })
    .where(and(eq(emailDigests.userId, claim.userId), eq(emailDigests.digestedSeq, claim.topSeq)));
}

/** Previews per chat in a digest. */
export const PREVIEWS_PER_CHAT = 3;

/**
 * What a digest would list for this person now: messages after `afterSeq` that never reached a
 * tab of theirs and that they have not read. Direct messages still SENT (a conversation's message
 * turns DELIVERED when a tab of theirs is open) and not in a conversation they silenced unless it
 * mentions them; and mentions of them (or '@todos') in their groups past both their delivery and
 * read watermarks, silenced or not (a mention rings in a silenced chat too). Deleted messages and
 * a group's own lines are left out. Null when there is none.
 */
export async function digestItems(db: Db, userId: string, afterSeq: number): Promise<DigestItems | null> {
  const me = sql`${userId}::uuid`;
  const targets = sql`ARRAY[${userId}::text, 'todos']`;
  const rows = await executeRows<
    Omit<DigestItem, 'createdAt' | 'seq' | 'chatTotal'> & {
      seq: string;
      createdAt: string;
      chatTotal: string;
      topSeq: string;
      oldestAt: string;
    }
  >(
    db,
    sql`WITH items AS (
        SELECT m.seq, m.conversation_id AS chat_id, false AS is_group, au.name AS chat_name, au.name AS author_name,
          m.content_type, m.body, m.caption, m.file_name, m.duration_ms, m.created_at
        FROM conversations c
        JOIN messages m ON m.conversation_id = c.id
        JOIN users au ON au.id = m.author_id
        WHERE (c.user_one_id = ${me} OR c.user_two_id = ${me})
          AND m.status = 'SENT' AND m.author_id <> ${me} AND m.seq > ${afterSeq}
          AND m.deleted_at IS NULL AND m.content_type <> 'system'
          AND (m.mentions && ${targets}
            OR NOT EXISTS (SELECT 1 FROM conversation_mutes cm WHERE cm.conversation_id = c.id AND cm.user_id = ${me}))
        UNION ALL
        SELECT m.seq, m.group_id, true, g.name, au.name,
          m.content_type, m.body, m.caption, m.file_name, m.duration_ms, m.created_at
        FROM group_members gm
        JOIN groups g ON g.id = gm.group_id
        JOIN messages m ON m.group_id = gm.group_id AND m.seq > greatest(gm.delivered_seq, gm.read_seq, ${afterSeq})
        JOIN users au ON au.id = m.author_id
        WHERE gm.user_id = ${me} AND m.mentions <> '{}'::text[] AND m.mentions && ${targets}
          AND m.author_id <> ${me} AND m.deleted_at IS NULL
      ), ranked AS (
        SELECT items.*,
          row_number() OVER (PARTITION BY chat_id ORDER BY seq DESC) AS rn,
          count(*) OVER (PARTITION BY chat_id) AS chat_total,
          max(seq) OVER () AS top_seq,
          min(created_at) OVER () AS oldest_at
        FROM items
      )
      SELECT seq, chat_id AS "chatId", is_group AS "isGroup", chat_name AS "chatName", author_name AS "authorName",
        content_type AS "contentType", body, caption, file_name AS "fileName", duration_ms AS "durationMs",
        created_at AS "createdAt", chat_total AS "chatTotal", top_seq AS "topSeq", oldest_at AS "oldestAt"
      FROM ranked WHERE rn <= ${PREVIEWS_PER_CHAT} ORDER BY seq`,
  );
  const first = rows[0];
  if (!first) return null;
  return {
    items: rows.map(({ topSeq: _t, oldestAt: _o, ...row }) => ({
      ...row,
      seq: Number(row.seq),
      chatTotal: Number(row.chatTotal),
      createdAt: new Date(row.createdAt),
    })),
    topSeq: Number(first.topSeq),
    oldestAt: new Date(first.oldestAt),
  };
}
