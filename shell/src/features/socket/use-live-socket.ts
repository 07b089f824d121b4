import { useEffect } from 'react';
import { startCatchUpCalls } from '../../shared/api/early-calls';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { useSession } from '../../shared/session/session-context';
import { readSession } from '../../shared/session/storage';
import { afterPageSettles } from '../../shared/page-load/after-page-settles';
import { yieldToMain } from '../../shared/page-load/yield-to-main';
import { holdEarlyEmits } from './early-emits';

/**
 * docs/arquitetura.md, Sessões e o seu encerramento: the live connection is open only while the
 * session token is valid and a user is stored, and is closed when the user changes, the session
 * ends or the area unmounts. It opens once the page has settled (loaded, its first screen shown,
 * idle), and socket.io-client is downloaded then, so that neither competes with the first render
 * for the network or the CPU. Its first handshake says when the page started (loadedSince): the
 * server answers 'sync:required' when something was sent to the user since, which is announced
 * as 'socket:reconnected' and fetches the lists again; otherwise what the page fetched stays.
 */
export function useLiveSocket(): void {
  const { user, tokenIsValid } = useSession();
  const config = useAppConfig();
  const userId = user?.id;

  // The name only labels the handshake, so it is read from storage when connecting: renaming
  // oneself must not drop and reopen the connection.
  useEffect(() => {
    if (!userId || !tokenIsValid) return;
    let closed = false;
    let close = () => {};
    // What the remotes ask the socket before it exists (a chat opened and left meanwhile is read).
    const early = holdEarlyEmits();
    const stopWaiting = afterPageSettles(() => {
      // socket.io-client and the event schemas are evaluated in one task, the connection opened
      // in the next (yieldToMain): together they were one long task a phone felt.
      // Named: the e2e suite holds this file back to reach the time before the socket exists.
      import(/* webpackChunkName: "socket-connection" */ './socket-connection')
        .then(async ({ openSocket }) => {
          await yieldToMain();
          if (closed) return;
          close = openSocket({
            url: config.socketUrl,
            user: { id: userId, name: readSession().user?.name ?? '' },
            getToken: () => readSession().token,
            catchUpOnFirstConnect: true,
            // Nothing on this page was asked for before it started loading.
            loadedSince: performance.timeOrigin,
            prepareCatchUp: async () => {
              const client = await loadApiClient(config);
              const calls = startCatchUpCalls(config.apiBaseUrl);
              if (!calls) return () => undefined;
              client.adoptEarlyCalls(calls);
              // The handlers of 'socket:reconnected' take their answers at once (in the event's
              // task or its promise jobs); what none took is dropped with the next task, so that
              // a list mounted later asks afresh instead of getting an answer older than it.
              return () => setTimeout(() => client.dropEarlyCalls(calls), 0);
            },
            onUnauthorized: (retry) => {
              // Any authenticated call renews an expired session through the api-client (or ends it).
              void loadApiClient(config)
                .then((client) => client.getCurrentUser())
                .then(retry, () => undefined);
            },
          });
          early.release();
        })
        .catch((error: unknown) => console.error('[socket] falha ao carregar a conexão', error));
    });
    return () => {
      closed = true;
      early.drop();
      stopWaiting();
      close();
    };
  }, [userId, tokenIsValid, config]);
}
