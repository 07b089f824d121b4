import { STORAGE_KEYS } from '@chat/contracts';
import { startArea } from './start-area';

const AREA_PREFIXES = ['/auth', '/root'];

/**
 * Run as soon as the app's bootstrap chunk runs: on a signed-in area's page, with a
 * stored session, starts loading the area's layout, the remote's slot and the route's remote
 * now, instead of after the configuration is parsed, React has rendered and the router has
 * resolved the route. The router's lazy routes then get the same modules. It runs from the
 * bootstrap, not from the first script, so that the area's chunks stay children of the
 * bootstrap's: code they share with it is not split into more chunks for the sign-in page.
 */
export function preloadArea(config: Promise<unknown>, pathname: string = window.location.pathname, storage: Storage = localStorage): void {
  if (!AREA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return;
  if (!storage.getItem(STORAGE_KEYS.token)) return;
  startArea(config, pathname);
}
