import { STORAGE_KEYS } from '@chat/contracts';

const AREA_PREFIXES = ['/auth', '/root'];

/**
 * Run by the shell's first script (issue 18): on a signed-in area's page, with a stored session,
 * starts loading the area's layout, the remote's slot and the route's remote now, alongside the
 * app's bootstrap, instead of after the router has mounted and resolved the route. The router's
 * lazy routes then get the same modules. The work itself is in a chunk the page preloads
 * (start-area.ts), so that the sign-in page's first script stays as small as it was.
 */
export function preloadArea(config: Promise<unknown>, pathname: string = window.location.pathname, storage: Storage = localStorage): void {
  if (!AREA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return;
  if (!storage.getItem(STORAGE_KEYS.token)) return;
  import(/* webpackChunkName: "area-remote-route" */ './start-area').then(
    ({ startArea }) => startArea(config, pathname),
    // Retried, and shown, by the route that needs it.
    () => undefined,
  );
}
