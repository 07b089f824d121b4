import { loadConfig } from '../../shared/config/load-config';
import { preloadRemoteFor } from '../remotes/federation';
import { loadAuthArea, loadRemoteRoute, loadRootArea } from './area-modules';

/**
 * What preload-area starts: the area's layout and the remote's slot at once, the route's remote
 * as soon as the configuration is read. Nothing here can fail the start: a failed download is
 * retried, and shown, by the route that needs it.
 */
export function startArea(config: Promise<unknown>, pathname: string): void {
  const ignore = () => undefined;
  (pathname.startsWith('/root') ? loadRootArea() : loadAuthArea()).catch(ignore);
  loadRemoteRoute().catch(ignore);
  loadConfig(() => config)
    .then((parsed) => preloadRemoteFor(pathname, parsed))
    .catch(ignore);
}
