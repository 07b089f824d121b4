import type { RemoteName, Role } from '@chat/contracts';

/** Where each remote is mounted (SPEC section 2): the router's prefixes. */
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
