import { APP_VERSION, type AppConfig, REMOTE_NAMES } from '@chat/contracts';
import type { Env } from '../../config/env';

/** Where the browser finds the API: the routes' own prefix, on the page's origin. */
export const API_BASE_URL = '/api';

/** The runtime configuration the shell reads before rendering (/config.json). */
export function appConfig(env: Pick<Env, 'remoteUrls' | 'featuredWorkspaceId' | 'productionOrigin'>): AppConfig {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, env.remoteUrls[name] ?? `/remotes/${name}/mf-manifest.json`]),
  ) as AppConfig['remotes'];
  return {
    version: APP_VERSION,
    apiBaseUrl: API_BASE_URL,
    // Empty: the socket lives on the page's own origin.
    socketUrl: '',
    remotes,
    flags: { featuredWorkspaceId: env.featuredWorkspaceId, productionOrigin: env.productionOrigin },
  };
}
