import { STORAGE_KEYS } from '@chat/contracts';
import { loadAuthArea, loadRemoteRoute, loadRootArea } from './area-modules';

const AREAS = [
  { prefix: '/auth', load: loadAuthArea },
  { prefix: '/root', load: loadRootArea },
];

/**
 * Run by the shell's first script (issue 18): on a signed-in area's page, with a stored session,
 * starts loading the area's layout, the remote's slot and the route's remote now, alongside the
 * app's bootstrap, instead of after the router has mounted and resolved the route. The router's
 * lazy routes then get the same modules. Nothing here can fail the start: a failed download is
 * retried, and shown, by the route that needs it. Kept free of React and zod (this runs in the
 * sign-in page's first script too); the remote's part validates the configuration first.
 */
export function preloadArea(config: Promise<unknown>, pathname: string = window.location.pathname, storage: Storage = localStorage): void {
  const area = AREAS.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  if (!area || !storage.getItem(STORAGE_KEYS.token)) return;
  const ignore = () => undefined;
  area.load().catch(ignore);
  loadRemoteRoute().catch(ignore);
  Promise.all([
    config,
    import(/* webpackChunkName: "area-remote-route" */ '../config/load-config'),
    import(/* webpackChunkName: "area-remote-route" */ '../remotes/federation'),
  ])
    .then(([raw, { loadConfig }, { preloadRemoteFor }]) => loadConfig(() => Promise.resolve(raw)).then((parsed) => preloadRemoteFor(pathname, parsed)))
    .catch(ignore);
}
