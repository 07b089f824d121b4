import type { AppConfig } from '@chat/contracts';
import { loadApiClient } from '../api/load-api-client';

/** 'offline': the renewal got no answer (or the server could not decide yet); the stored session is kept until it can. */
export type RestoreOutcome = 'renewed' | 'ended' | 'offline';

let restoring: Promise<RestoreOutcome> | null = null;

/**
 * At startup (docs/arquitetura.md, Sessões e o seu encerramento), an expired access token with a
 * stored refresh token is renewed once before tokenIsValid is decided, so a returning user is not
 * sent to sign-in. Memoised while it runs (StrictMode mounts twice; a refresh token must never be
 * presented twice). A refused renewal has already cleared the session (onSessionExpired); one that
 * got no answer (the app opened offline from the service worker's cache) kept it.
 */
export function restoreSession(config: AppConfig): Promise<RestoreOutcome> {
  restoring ??= loadApiClient(config)
    .then((client) =>
      client.renewSession().then(
        (): RestoreOutcome => 'renewed',
        (error: unknown): RestoreOutcome => (client.isTransientFailure(error) ? 'offline' : 'ended'),
      ),
    )
    // The api-client's own chunk could not be downloaded: offline as well.
    .catch((): RestoreOutcome => 'offline')
    .finally(() => {
      restoring = null;
    });
  return restoring;
}
