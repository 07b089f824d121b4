import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, groupMembers, groups, messages, users } from '../../db/schema';
import { foldedContains, foldedStartsWord } from '../../lib/search';

const peer = alias(users, 'peer');

/** Below this many characters a term matches words by their start (see foldedStartsWord). */
const SUBSTRING_MIN_CHARS = 3;

const bodyMatches = (term: string) =>
  Array.from(term).length < SUBSTRING_MIN_CHARS ? foldedStartsWord(messages.bodyFolded, term) : foldedContains(messages.bodyFolded, term);

export interface MessageSearchRow {
  id: string;
  seq: number;
  body: string;
  caption: string | null;
  fileName: string | null;
  type: 'text' | 'image' | 'system' | 'file' | 'audio';
  createdAt: Date;
  conversationId: string | null;
  groupId: string | null;
  author: { id: string; name: string; avatarUrl: string | null };
  groupName: string | null;
  groupAvatarUrl: string | null;
  /** Null for a group's message. */
  peer: { id: string; name: string; avatarUrl: string | null } | null;
}

/**
 * Messages whose words (a text's body, an image's caption, a file's name: the folded column holds those)
 * contain `term` (case- and accent-insensitive) in the viewer's conversations and
 * groups, newest first, `take` rows before `beforeSeq`. One statement: the trigram index on the
 * stored folded body finds candidates, the two membership subqueries keep the viewer's chats only, and
 * deleted messages (their body is emptied anyway) are left out explicitly. Its rows are
 * MessageSearchRow; the statement itself is returned (awaiting it runs it) for the test of its plan.
 */
export function searchMessages(db: Db, viewerId: string, term: string, beforeSeq: number | null, take: number) {
  const viewerConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.userOneId, viewerId), eq(conversations.userTwoId, viewerId)));
  const viewerGroups = db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, viewerId));
  return db
    .select({
      id: messages.id,
      seq: messages.seq,
      body: messages.body,
      caption: messages.caption,
      fileName: messages.fileName,
      type: messages.contentType,
      createdAt: messages.createdAt,
      conversationId: messages.conversationId,
      groupId: messages.groupId,
      author: { id: users.id, name: users.name, avatarUrl: users.avatarUrl },
      groupName: groups.name,
      groupAvatarUrl: groups.avatarUrl,
      peer: { id: peer.id, name: peer.name, avatarUrl: peer.avatarUrl },
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .leftJoin(groups, eq(groups.id, messages.groupId))
    .leftJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(
      peer,
      eq(
        peer.id,
        sql`CASE WHEN ${conversations.userOneId} = ${viewerId} THEN ${conversations.userTwoId} ELSE ${conversations.userOneId} END`,
      ),
    )
    .where(
      and(
        bodyMatches(term),
        isNull(messages.deletedAt),
        or(inArray(messages.conversationId, viewerConversations), inArray(messages.groupId, viewerGroups)),
        beforeSeq === null ? undefined : lt(messages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(take);
}
