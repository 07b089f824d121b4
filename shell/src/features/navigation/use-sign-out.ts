import { useCallback, useEffect } from 'react';
import { eventBus, subscribe } from '@chat/event-bus';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { useSession } from '../../shared/session/session-context';
import { readSession } from '../../shared/session/storage';
import { forgetPushSubscription } from '../pwa/forget-push-subscription';

/**
 * docs/produto.md, Contas, sessões e segurança: sign-out clears the three stored keys, resets the
 * state and goes to '/'; the refresh token is then revoked on the server, best effort (nobody waits
 * for it). The layout that uses this also honours sign-out requests that remotes send on the bus.
 * `ask` may put a question first (unsent messages) and call `proceed` only if the user goes on.
 */
export function useSignOut(ask?: (proceed: () => void) => void): () => void {
  const { endSession } = useSession();
  const config = useAppConfig();
  const signOut = useCallback(() => {
    const { refreshToken } = readSession();
    forgetPushSubscription();
    endSession();
    if (refreshToken) {
      loadApiClient(config)
        .then((client) => client.signout({ refreshToken }))
        .catch(() => undefined);
    }
  }, [config, endSession]);
  const requested = useCallback(() => (ask ? ask(signOut) : signOut()), [ask, signOut]);
  useEffect(() => subscribe(eventBus, 'session:signout', requested), [requested]);
  return requested;
}
