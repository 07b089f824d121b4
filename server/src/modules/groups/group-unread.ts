import { type AnyColumn, and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UNREAD_CONTENT_TYPES } from '@chat/contracts';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';

/** Unread counts stop here: the list shows '99+' beyond, and a long absence costs no longer walk. */
export const UNREAD_COUNT_CAP = 100;

/** The columns of a membership row the count reads: the member's group, read watermark and joining time. */
export interface MembershipColumns {
  groupId: AnyColumn;
  readSeq: AnyColumn;
  createdAt: AnyColumn;
}

/**
 * What a member has not read of a group, for the outer query's membership row `gm` of `viewer`:
 * counts as SQL expressions, each a walk over the group's seq index from the member's read
 * watermark that stops at UNREAD_COUNT_CAP rows, whatever the group's size or history.
 * Unread: messages of others (or of a webhook) after the watermark, since the member joined, not deleted, and of
 * the types people write (UNREAD_CONTENT_TYPES, listed so that a line the product writes itself
 * never counts). `mentions` walks only those that mention the member or '@todos'.
 */
export function groupUnreadCounts(db: Db, gm: MembershipColumns, viewer: SQL) {
  const m = alias(messages, 'unread');
  const unread = and(
    eq(m.groupId, gm.groupId),
    sql`${m.seq} > ${gm.readSeq}`,
    sql`${m.createdAt} >= ${gm.createdAt}`,
    // A webhook's message is unread for the member it is stored under as well.
    sql`(${m.authorId} <> ${viewer} OR ${m.webhookId} IS NOT NULL)`,
    isNull(m.deletedAt),
    inArray(m.contentType, [...UNREAD_CONTENT_TYPES]),
  );
  const count = (where: SQL | undefined) =>
    sql<number>`(SELECT count(*) FROM (${db
      .select({ one: sql`1` })
      .from(m)
      .where(where)
      .limit(UNREAD_COUNT_CAP)}) w)`;
  return {
    messages: count(unread),
    mentions: count(and(unread, sql`${m.mentions} <> '{}'::text[]`, sql`${m.mentions} && ARRAY[${viewer}::text, 'todos']::text[]`)),
  };
}
