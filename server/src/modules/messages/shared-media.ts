import { and, desc, eq, isNull, like, lt, not, or, type SQL, sql } from 'drizzle-orm';
import { type SharedMediaItem, type SharedMediaPage, type SharedMediaQuery } from '@chat/contracts';
import type { Db } from '../../db/client';
import { messages, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversations.service';
import { GROUP_NOT_FOUND } from '../groups/group-views';
import { findMembership } from '../groups/groups.repository';
import type { ConversationParticipants } from '../realtime/conversation-participants';

// GET /message/shared-media: a chat's images and files for the details panel, newest first. A
// chat the viewer is not part of is a 404, the same answer as for no chat at all.

/** A file shown in the page: a video, or an image sent as a file (served as that image). */
const VISUAL = or(like(messages.mimeType, 'video/%'), like(messages.mimeType, 'image/%'))!;

/**
 * 'media' is what is shown (images, videos, images sent as files), 'files' what is downloaded or played as a file;
 * voice notes are neither (they have a length). The first condition repeats the partial indexes'
 * own (db/schema, messages_*_shared_idx), so the planner can walk them.
 */
function kindMatches(kind: SharedMediaQuery['kind']): SQL {
  const shared = or(eq(messages.contentType, 'image'), sql`${messages.fileName} IS NOT NULL`)!;
  const file = and(eq(messages.contentType, 'file'), isNull(messages.durationMs))!;
  const wanted = kind === 'media' ? or(eq(messages.contentType, 'image'), and(file, VISUAL)) : and(file, not(VISUAL));
  return and(shared, wanted)!;
}

export async function sharedMedia(
  db: Db,
  participants: ConversationParticipants,
  viewerId: string,
  query: SharedMediaQuery,
): Promise<SharedMediaPage> {
  let chat: SQL;
  if (query.groupId) {
    if (!(await findMembership(db, query.groupId, viewerId))) throw notFound(GROUP_NOT_FOUND);
    chat = eq(messages.groupId, query.groupId);
  } else {
    if (!(await participants.otherOf(query.conversationId!, viewerId))) throw notFound(CONVERSATION_NOT_FOUND);
    chat = eq(messages.conversationId, query.conversationId!);
  }
  const rows = await db
    .select({
      seq: messages.seq,
      messageId: messages.id,
      type: messages.contentType,
      url: messages.body,
      fileName: messages.fileName,
      size: messages.fileSize,
      mimeType: messages.mimeType,
      author: { id: users.id, name: users.name },
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(
      and(
        chat,
        kindMatches(query.kind),
        isNull(messages.deletedAt),
        query.before === undefined ? undefined : lt(messages.seq, Number(query.before)),
      ),
    )
    .orderBy(desc(messages.seq))
    // One extra row tells whether older items exist.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ seq: _seq, createdAt, type, ...row }): SharedMediaItem => ({
      ...row,
      type: type === 'image' ? 'image' : 'file',
      createdAt: createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
  };
}
