import { chatListCursor, parseChatListCursor } from '@chat/contracts';

// The chat lists as the sidebar loads them, page after page from the server (docs/api.md, Listas de
// conversas e grupos), as pure functions.

/** A place in a list's order: last activity (ms), then id; newest first. */
export interface ListKey {
  at: number;
  id: string;
}

/** A list's loaded chats and the cursor of its next page (null once the last page has come). */
export interface LoadedList<T> {
  items: T[];
  cursor: string | null;
}

type Paged = { id: string; createdAt: string; lastMessage: { createdAt: string } | null };

/**
 * The loaded chats with a next page after them: chats already loaded are not taken again (one
 * that came live meanwhile is newer than the page's). A page shorter than `limit` is the last.
 */
export function appendPage<T extends Paged>(items: T[], page: T[], limit: number): { items: T[]; rest: { cursor: string | null } } {
  const known = new Set(items.map((c) => c.id));
  const added = page.filter((c) => !known.has(c.id));
  const last = page.at(-1);
  return {
    items: added.length === 0 ? items : [...items, ...added],
    rest: { cursor: page.length < limit || !last ? null : chatListCursor(last) },
  };
}

export function listKeyOf(cursor: string | null): ListKey | null {
  const parsed = cursor === null ? null : parseChatListCursor(cursor);
  return parsed && { at: parsed.at.getTime(), id: parsed.id };
}

/** Negative when `a` comes first in the lists' order (newer activity, then the greater id). */
export function compareKeys(a: ListKey, b: ListKey): number {
  if (a.at !== b.at) return b.at - a.at;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}
