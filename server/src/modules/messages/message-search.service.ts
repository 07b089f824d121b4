import type { MessageSearchHit, MessageSearchPage, MessageSearchQuery } from '@chat/contracts';
import type { Db } from '../../db/client';
import { type MessageSearchRow, searchMessages } from './message-search.repository';

function hitText(row: MessageSearchRow): string {
  if (row.type === 'image') return row.caption ?? '';
  if (row.type === 'file') return row.fileName ?? '';
  return row.body;
}

function toHit(row: MessageSearchRow): MessageSearchHit {
  const chat: MessageSearchHit['chat'] = row.groupId
    ? { kind: 'group', id: row.groupId, name: row.groupName ?? '', avatarUrl: row.groupAvatarUrl, peerId: null }
    : {
        kind: 'conversation',
        id: row.conversationId ?? '',
        name: row.peer?.name ?? '',
        avatarUrl: row.peer?.avatarUrl ?? null,
        peerId: row.peer?.id ?? null,
      };
  return {
    id: row.id,
    chat,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
    // An image is found by its caption and a file by its name, which is what the hit shows.
    body: hitText(row),
    type: row.type,
  };
}

/** GET /message/search: pages of hits, newest first; the cursor is the last hit's seq. */
export async function searchViewerMessages(db: Db, viewerId: string, query: MessageSearchQuery): Promise<MessageSearchPage> {
  const beforeSeq = query.before === undefined ? null : Number(query.before);
  // One extra row tells whether older hits exist.
  const rows = await searchMessages(db, viewerId, query.content, beforeSeq, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { hits: page.map(toHit), nextCursor: rows.length > query.limit && last ? String(last.seq) : null };
}
