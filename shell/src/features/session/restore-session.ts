import type { AppConfig } from '@chat/contracts';
import { loadApiClient } from '../api/load-api-client';

let restoring: Promise<boolean> | null = null;

/**
 * DESIGN section 2: at startup, an expired access token with a stored refresh token is renewed
 * once before tokenIsValid is decided, so a returning user is not sent to sign-in. Memoised while
 * it runs (StrictMode mounts twice; a refresh token must never be presented twice). Resolves true
 * when the stored pair has been renewed; a refused renewal has already cleared the session
 * (onSessionExpired).
 */
export function restoreSession(config: AppConfig): Promise<boolean> {
  restoring ??= loadApiClient(config)
    .then((client) => client.renewSession())
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      restoring = null;
    });
  return restoring;
}
