import { LIMITS } from './constants';
import type { Role } from './constants';
import type { RemoteName } from './config';

// Where each remote lives in the page's paths (docs/produto.md, Telas). Shared by the shell
// (router, guards, prefetching) and the server, which names the route's remote in the page it
// serves so the browser fetches that remote while the shell's own script downloads.

/** Where each remote is mounted: the router's prefixes. */
export const REMOTE_BASE_PATHS: Record<RemoteName, string> = {
  chat: '/auth/conversations',
  team: '/auth/team',
  settings: '/auth/settings',
  root: '/root',
};

/** Who may open each remote: its area's guard and, for the team, the route's own. */
export const REMOTE_ROLES: Record<RemoteName, readonly Role[]> = {
  chat: ['ADMIN', 'USER'],
  team: ['ADMIN'],
  settings: ['ADMIN', 'USER'],
  root: ['ROOT'],
};

/** The remote that owns a path, if any. */
export function remoteForPath(pathname: string): RemoteName | null {
  const entry = Object.entries(REMOTE_BASE_PATHS).find(([, base]) => pathname === base || pathname.startsWith(`${base}/`));
  return entry ? (entry[0] as RemoteName) : null;
}

/**
 * GET calls (relative to the API base URL) that a remote makes as soon as its route shows, and
 * whose answer its first paint waits for: the chat list's two lists and the totals beside them. The shell's first script
 * starts them with the page when the stored session may open that route, and the api-client
 * hands each answer to the remote's first identical call (no waterfall).
 */
export const FIRST_CALLS = {
  /** The first page of each list (LIMITS.chatListPageSize chats); the sidebar asks for the rest as it scrolls. */
  conversations: `/conversation/get-conversations?showEmpty=true&limit=${LIMITS.chatListPageSize}`,
  groups: `/group/list?limit=${LIMITS.chatListPageSize}`,
  /** The whole list's unread total and silenced chats (the Conversas badge), whatever pages are loaded. */
  summary: '/conversation/chat-summary',
  /** The own user, read again by the shell when the socket catches up (use-account-events). */
  me: '/auth/me',
} as const;

export const REMOTE_FIRST_CALLS: Partial<Record<RemoteName, readonly string[]>> = {
  chat: [FIRST_CALLS.conversations, FIRST_CALLS.groups, FIRST_CALLS.summary],
};

/**
 * The remotes that announce their first screen on the bus ('screen:ready'): on their
 * routes the shell starts the live connection and the service worker only after that screen is
 * on screen. On the others it does not wait for an announcement that never comes: their pages
 * fetch nothing again on the first connect, so a late socket would miss what happens meanwhile.
 */
export const REMOTES_ANNOUNCING_FIRST_SCREEN: readonly RemoteName[] = ['chat'];
