import type { AppConfig } from './config';
import type { StoredUser } from './entities';
import type { FeatureFlag } from './feature-flags';

/**
 * What the shell passes to each micro-frontend's `./App`. A remote gets everything it needs from
 * here and from the shared packages: it never reads localStorage nor opens a socket itself.
 * To ask the shell for something (sign out, emit on the socket) it uses the event bus.
 */
export interface RemoteAppProps {
  /** Route prefix the remote is mounted under, e.g. '/auth/conversations'. */
  basePath: string;
  user: StoredUser;
  flags: FeatureFlag[];
  config: AppConfig;
  /**
   * The page header's action area: a remote renders its header buttons there with a portal.
   * Null until the header has mounted, and when the remote runs standalone.
   */
  headerSlot: HTMLElement | null;
}
