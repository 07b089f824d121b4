import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/queries/execute-rows';

// Delivery and read state of group messages, per member and not per message: two watermarks in
// group_members (delivered_seq, read_seq: every message of the group up to that seq has been
// delivered to / read by the member) and, for the per-person times, group_receipt_marks (one row
// per member, kind and minute in which a watermark moved, with the range it crossed). A group
// message is READ (the author's highlighted tick) once its seq is at or below every active
// member's read_seq (the group's read floor, groups.read_floor_seq, which never goes back); its
// author's own read_seq passes it when it is sent (posting reads the group).
// Every write here is one statement whatever the number of messages it covers.

/** A timestamp as ISO text: both drivers answer it alike. */
const iso = (column: string) => sql.raw(`to_json(${column}) #>> '{}'`);

/** The ranges of one member's delivery marks never overlap: a new crossing merges into its minute's row. */
const UPSERT_MARK = sql.raw(`ON CONFLICT (group_id, user_id, kind, at) DO UPDATE
  SET from_seq = least(group_receipt_marks.from_seq, excluded.from_seq), seq = greatest(group_receipt_marks.seq, excluded.seq)`);

/**
 * A member's read marks follow each other without a gap (every move of read_seq is a crossing that
 * starts where the last one ended): a minute's row is written by its first crossing and left as it
 * is by the others, which its range reaches anyway (it ends where the next row starts). With
 * hundreds of members reading as messages arrive, the later reads of each minute write nothing.
 */
const FIRST_READ_MARK = sql.raw(`ON CONFLICT (group_id, user_id, kind, at) DO NOTHING`);

/** One `group:read`: the member has seen the group up to `messageId` (null: everything it has). */
export interface ReadRequest {
  groupId: string;
  userId: string;
  messageId: string | null;
}

/** What a batch of reads did for one member of one group. */
export interface AppliedRead {
  groupId: string;
  userId: string;
  /** read_seq before and after (equal when the read covered nothing new). */
  fromSeq: number;
  toSeq: number;
  /** The createdAt of the message the read was bounded by; null when unbounded. */
  upTo: Date | null;
  /** Authors of the newest messages the group's reads of this batch crossed (AUTHORS_SCAN at most). */
  authorIds: string[];
}

/**
 * How many of the newest messages a read (or a delivery) crossed are looked at to find whom to
 * tell: their authors' 'Informações' panels follow live; an older message's author sees the lists
 * when the panel opens.
 */
const AUTHORS_SCAN = 100;

const applyReadsQuery = (requests: string) => sql`
    WITH req AS (
      SELECT * FROM json_to_recordset(${requests}::json) AS r(g uuid, u uuid, m uuid)
    ), bound AS (
      SELECT req.g, req.u, b.seq, b.created_at, req.m IS NOT NULL AS bounded
      FROM req
      LEFT JOIN LATERAL (
        (SELECT seq, created_at FROM messages WHERE req.m IS NOT NULL AND id = req.m AND group_id = req.g)
        UNION ALL
        (SELECT seq, created_at FROM messages WHERE req.m IS NULL AND group_id = req.g ORDER BY seq DESC LIMIT 1)
      ) b ON true
      -- A bound from another chat reads nothing.
      WHERE b.seq IS NOT NULL OR req.m IS NULL
    ), best AS (
      -- Per member, the furthest read wins; at a tie the unbounded one (it names no bound).
      SELECT DISTINCT ON (g, u) g, u, coalesce(seq, 0) AS seq, created_at, bounded
      FROM bound ORDER BY g, u, coalesce(seq, 0) DESC, bounded
    ), cur AS MATERIALIZED (
      -- Locked in one order by every writer of these rows: concurrent batches wait, never deadlock,
      -- and each sees the other's watermark once it has it.
      SELECT gm.group_id, gm.user_id, gm.read_seq
      FROM group_members gm JOIN best ON gm.group_id = best.g AND gm.user_id = best.u
      ORDER BY gm.group_id, gm.user_id
      FOR UPDATE OF gm
    ), moved AS (
      SELECT cur.group_id, cur.user_id, cur.read_seq AS from_seq, best.seq AS to_seq
      FROM cur JOIN best ON best.g = cur.group_id AND best.u = cur.user_id
      WHERE best.seq > cur.read_seq
    ), upd AS (
      UPDATE group_members gm SET read_seq = moved.to_seq, delivered_seq = greatest(gm.delivered_seq, moved.to_seq)
      FROM moved WHERE gm.group_id = moved.group_id AND gm.user_id = moved.user_id
    ), mark AS (
      INSERT INTO group_receipt_marks (group_id, user_id, kind, at, from_seq, seq)
      SELECT group_id, user_id, 'read', date_trunc('minute', now()), from_seq, to_seq FROM moved
      ${FIRST_READ_MARK}
    ), authors AS (
      -- Whom to tell: the authors of the newest messages the reads crossed, per group (a system
      -- line is no one's message: its actor has no receipt to follow).
      SELECT p.group_id, array_agg(DISTINCT a.author_id::text) AS ids
      FROM (SELECT group_id, min(from_seq) AS lo, max(to_seq) AS hi FROM moved GROUP BY group_id) p
      CROSS JOIN LATERAL (
        SELECT author_id FROM messages m WHERE m.group_id = p.group_id AND m.seq > p.lo AND m.seq <= p.hi
          AND m.content_type <> 'system'
        ORDER BY m.seq DESC LIMIT ${AUTHORS_SCAN}
      ) a
      GROUP BY p.group_id
    )
    SELECT cur.group_id AS "groupId", cur.user_id AS "userId", cur.read_seq::text AS "fromSeq",
      greatest(cur.read_seq, best.seq)::text AS "toSeq",
      CASE WHEN best.bounded THEN ${iso('best.created_at')} END AS "upTo",
      coalesce(authors.ids, '{}') AS "authorIds"
    FROM cur JOIN best ON best.g = cur.group_id AND best.u = cur.user_id
    LEFT JOIN authors ON authors.group_id = cur.group_id`;

/**
 * Applies a batch of reads in ONE statement with one parameter (its text never changes): per
 * member and group the furthest read wins and moves read_seq (and delivered_seq) forward, never
 * back, and stamps the minute's mark. Reads by non-members, or bounded by a message of another
 * chat, are dropped. However many messages a read covers, it writes one row and one mark.
 */
export async function applyReads(db: Db, reads: readonly ReadRequest[]): Promise<AppliedRead[]> {
  if (reads.length === 0) return [];
  const requests = JSON.stringify(reads.map((r) => ({ g: r.groupId, u: r.userId, m: r.messageId })));
  const rows = await executeRows<{
    groupId: string;
    userId: string;
    fromSeq: string;
    toSeq: string;
    upTo: string | null;
    authorIds: string[];
  }>(db, applyReadsQuery(requests));
  return rows.map((r) => ({ ...r, fromSeq: Number(r.fromSeq), toSeq: Number(r.toSeq), upTo: r.upTo ? new Date(r.upTo) : null }));
}

export interface CompletedRead {
  id: string;
  authorId: string;
  groupId: string;
}

/** Messages listed per statement at most when a floor rises: each statement stays short on PGlite's one thread. */
export const COMPLETE_CHUNK = 200;

/**
 * The lowest read_seq is looked for only when no active member is still at or below the floor:
 * while one is (a member away, in a big group most of them), the floor cannot rise, and the first
 * such member found ends the search, where the minimum reads every member of the group.
 */
const raiseFloors = (groupIds: string) => sql`
    WITH f AS (
      SELECT g.id, (
        SELECT min(gm.read_seq) FROM group_members gm JOIN users u ON u.id = gm.user_id AND u.active WHERE gm.group_id = g.id
      ) AS hi
      FROM groups g WHERE g.id IN (SELECT DISTINCT value::uuid FROM json_array_elements_text(${groupIds}::json))
        AND NOT EXISTS (
          SELECT 1 FROM group_members gm JOIN users u ON u.id = gm.user_id AND u.active
          WHERE gm.group_id = g.id AND gm.read_seq <= g.read_floor_seq
        )
    ), old AS MATERIALIZED (
      -- Locked in one order: of two processes raising one floor, the second sees the first's.
      SELECT g.id, g.read_floor_seq AS lo FROM groups g JOIN f ON f.id = g.id
      WHERE f.hi > g.read_floor_seq
      ORDER BY g.id
      FOR UPDATE OF g
    )
    UPDATE groups SET read_floor_seq = f.hi FROM old JOIN f ON f.id = old.id
    WHERE groups.id = old.id AND f.hi > old.lo
    RETURNING groups.id AS "groupId", old.lo::text AS lo, f.hi::text AS hi`;

const crossedQuery = (groupId: string, lo: number, hi: number) => sql`
    SELECT m.id, m.author_id AS "authorId", m.group_id AS "groupId", m.seq::text AS seq FROM messages m
    WHERE m.group_id = ${groupId}::uuid AND m.seq > ${lo}::bigint AND m.seq <= ${hi}::bigint
      AND m.content_type <> 'system'
    ORDER BY m.seq LIMIT ${COMPLETE_CHUNK}`;

/**
 * The read floors of these groups rise to the lowest read_seq of their active members, if that is
 * further; returns the messages that turned READ (those between the old floor and the new), with
 * their authors (the group's own lines are nobody's to tell). One short statement per group's floor, whatever the number of messages it passes:
 * no message row is written; the messages are then listed in chunks. Run after the watermarks'
 * statement has committed: with two processes, whichever of two crossing reads runs it last sees
 * both.
 */
export async function completeReads(db: Db, groupIds: readonly string[]): Promise<CompletedRead[]> {
  if (groupIds.length === 0) return [];
  const raised = await executeRows<{ groupId: string; lo: string; hi: string }>(db, raiseFloors(JSON.stringify([...new Set(groupIds)])));
  const completed: CompletedRead[] = [];
  for (const { groupId, lo, hi } of raised) {
    const to = Number(hi);
    for (let from = Number(lo); from < to;) {
      const rows = await executeRows<CompletedRead & { seq: string }>(db, crossedQuery(groupId, from, to));
      for (const { id, authorId, groupId: g } of rows) completed.push({ id, authorId, groupId: g });
      if (rows.length < COMPLETE_CHUNK) break;
      from = Number(rows[rows.length - 1]!.seq);
    }
  }
  return completed;
}

/**
 * The group lost a reader (removed, or their account was): its messages the remaining active
 * members have all read become READ (its floor rises).
 */
export function completeAfterDeparture(db: Db, groupId: string): Promise<CompletedRead[]> {
  return completeReads(db, [groupId]);
}

/** A group whose messages reached members who came online, and whom to tell. */
export interface DeliveredGroup {
  groupId: string;
  userIds: string[];
  /** Authors of the newest messages delivered (AUTHORS_SCAN at most). */
  authorIds: string[];
}

const deliverWaiting = (userIds: string) => sql`
    WITH who AS (
      SELECT DISTINCT value::uuid AS user_id FROM json_array_elements_text(${userIds}::json)
    ), cur AS MATERIALIZED (
      SELECT gm.group_id, gm.user_id, gm.delivered_seq, top.seq AS top
      FROM who
      JOIN group_members gm ON gm.user_id = who.user_id
      CROSS JOIN LATERAL (SELECT seq FROM messages m WHERE m.group_id = gm.group_id ORDER BY seq DESC LIMIT 1) top
      WHERE top.seq > gm.delivered_seq
      ORDER BY gm.group_id, gm.user_id
      FOR UPDATE OF gm
    ), upd AS (
      UPDATE group_members gm SET delivered_seq = cur.top
      FROM cur WHERE gm.group_id = cur.group_id AND gm.user_id = cur.user_id AND cur.top > gm.delivered_seq
    ), mark AS (
      INSERT INTO group_receipt_marks (group_id, user_id, kind, at, from_seq, seq)
      SELECT group_id, user_id, 'delivered', date_trunc('minute', now()), delivered_seq, top FROM cur
      ${UPSERT_MARK}
    ), per_group AS (
      SELECT group_id, min(delivered_seq) AS lo, max(top) AS hi, array_agg(user_id::text) AS users FROM cur GROUP BY group_id
    )
    SELECT p.group_id AS "groupId", p.users AS "userIds",
      coalesce((
        SELECT array_agg(DISTINCT a.author_id::text) FROM (
          SELECT author_id FROM messages m WHERE m.group_id = p.group_id AND m.seq > p.lo AND m.seq <= p.hi
            AND m.content_type <> 'system'
          ORDER BY m.seq DESC LIMIT ${AUTHORS_SCAN}
        ) a
      ), '{}') AS "authorIds"
    FROM per_group p`;

/**
 * These users came online: every group message of theirs is delivered now, one statement for all
 * of them (the users connecting while the previous one runs go together, create-presence.ts): each
 * membership's delivered_seq moves to its group's newest message, with the minute's mark.
 */
export async function deliverWaitingMany(db: Db, userIds: readonly string[]): Promise<DeliveredGroup[]> {
  if (userIds.length === 0) return [];
  return executeRows<DeliveredGroup>(db, deliverWaiting(JSON.stringify(userIds)));
}

export interface ReceiptPerson {
  user: { id: string; name: string; avatarUrl: string | null };
  deliveredAt: Date | null;
  readAt: Date | null;
}

/**
 * 'Lida por' / 'Entregue a' of one group message from its active current members but the author:
 * whoever's read watermark passed it, at the minute of the mark whose range holds it; otherwise
 * whoever's delivery watermark did, at its mark's minute, or at the message's own time when no mark
 * holds it (delivered at send). A member whose watermark started past it (they joined later)
 * has no mark for it and is left out. Oldest first.
 */
export async function receiptsOf(
  db: Db,
  message: { id: string; groupId: string; authorId: string; seq: number; createdAt: Date },
): Promise<ReceiptPerson[]> {
  const seq = sql`${message.seq}::bigint`;
  // The member's ranges follow each other: the last to start below the message is the only one
  // that may hold it (one probe of the from_seq index). Read ranges have no gaps and end where the
  // next starts, or at read_seq: a member whose read_seq passed the message read it in that row's
  // minute. Delivery ranges may have gaps (a delivery at send writes none): their end is checked.
  const crossing = (kind: 'read' | 'delivered') => sql`(
    SELECT ${kind === 'read' ? iso('k.at') : sql`CASE WHEN k.seq >= ${seq} THEN ${iso('k.at')} END`} FROM group_receipt_marks k
    WHERE k.group_id = gm.group_id AND k.user_id = gm.user_id AND k.kind = ${kind} AND k.from_seq < ${seq}
    ORDER BY k.from_seq DESC, k.at DESC LIMIT 1)`;
  const rows = await executeRows<{
    id: string;
    name: string;
    avatarUrl: string | null;
    read: boolean;
    readAt: string | null;
    deliveredAt: string | null;
  }>(
    db,
    sql`SELECT u.id, u.name, u.avatar_url AS "avatarUrl", gm.read_seq >= ${seq} AS read,
        CASE WHEN gm.read_seq >= ${seq} THEN ${crossing('read')} END AS "readAt",
        CASE WHEN gm.read_seq < ${seq} THEN coalesce(${crossing('delivered')}, ${message.createdAt.toISOString()}) END AS "deliveredAt"
      FROM group_members gm JOIN users u ON u.id = gm.user_id AND u.active
      WHERE gm.group_id = ${message.groupId}::uuid AND gm.user_id <> ${message.authorId}::uuid AND gm.delivered_seq >= ${seq}`,
  );
  return rows
    .filter((r) => (r.read ? r.readAt !== null : r.deliveredAt !== null))
    .map((r) => ({
      user: { id: r.id, name: r.name, avatarUrl: r.avatarUrl },
      readAt: r.readAt ? new Date(r.readAt) : null,
      deliveredAt: r.deliveredAt ? new Date(r.deliveredAt) : null,
    }))
    .sort((a, b) => +(a.readAt ?? a.deliveredAt!) - +(b.readAt ?? b.deliveredAt!) || a.user.name.localeCompare(b.user.name));
}
