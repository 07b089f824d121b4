import { useEffect } from 'react';
import { loadApiClient } from '../api/load-api-client';
import { useAppConfig } from '../config/config-context';
import { useSession } from '../session/session-context';
import { readSession } from '../session/storage';
import { openSocket } from './socket-connection';

/**
 * SPEC section 4: the live connection is open only while the session token is valid and a user
 * is stored, and is closed when the user changes, the session ends or the area unmounts.
 */
export function useLiveSocket(): void {
  const { user, tokenIsValid } = useSession();
  const config = useAppConfig();
  const userId = user?.id;

  // The name only labels the handshake, so it is read from storage when connecting: renaming
  // oneself must not drop and reopen the connection.
  useEffect(() => {
    if (!userId || !tokenIsValid) return;
    return openSocket({
      url: config.socketUrl,
      user: { id: userId, name: readSession().user?.name ?? '' },
      getToken: () => readSession().token,
      onUnauthorized: (retry) => {
        // Any authenticated call renews an expired session through the api-client (or ends it).
        void loadApiClient(config)
          .then((client) => client.getCurrentUser())
          .then(retry, () => undefined);
      },
    });
  }, [userId, tokenIsValid, config]);
}
