import type { AppConfig } from './config';
import type { StoredUser } from './entities';
import type { FeatureFlag } from './feature-flags';

/**
 * What the shell passes to each micro-frontend's `./App`. A remote gets everything it needs from
 * here and from the shared packages: it never reads localStorage nor opens a socket itself.
 */
export interface RemoteAppProps {
  /** Route prefix the remote is mounted under, e.g. '/auth/conversations'. */
  basePath: string;
  user: StoredUser;
  flags: FeatureFlag[];
  config: AppConfig;
  onSignOut: () => void;
}
