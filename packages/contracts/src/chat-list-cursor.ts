import { LIMITS } from './constants';

// The chat lists' paging cursor without zod: the chat list's first screen pages with it and
// needs no schema (zod would be most of its first file's weight).

/** Where a page of a chat list starts: after the chat of this last activity and id (newest first). */
export interface ChatListCursor {
  /** The chat's last activity (its last message's time, or its creation), to the millisecond. */
  at: Date;
  id: string;
}

const CURSOR_PATTERN =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** `before=<ISO time>|<id>`: the last chat of the page already shown. */
export function parseChatListCursor(value: string): ChatListCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match) return null;
  const at = new Date(match[1]!);
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2]!.toLowerCase() };
}

/** The cursor of the page after a chat: its last activity and its id. */
export function chatListCursor(chat: { id: string; createdAt: string; lastMessage: { createdAt: string } | null }): string {
  return `${new Date(chat.lastMessage?.createdAt ?? chat.createdAt).toISOString()}|${chat.id}`;
}

/** A page of a chat list as the server reads it: null `limit` for the whole list. */
export interface ChatListPage {
  limit: number | null;
  before: ChatListCursor | null;
}

/** The page a validated query asks for (a `before` without `limit` takes the usual page size). */
export function toChatListPage(query: { limit?: number; before?: string }): ChatListPage {
  const before = query.before === undefined ? null : parseChatListCursor(query.before);
  return { limit: query.limit ?? (before ? LIMITS.chatListPageSize : null), before };
}
