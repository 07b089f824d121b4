import type * as ApiClientModule from '@chat/api-client';
import type { AppConfig } from '@chat/contracts';
import { expireSession } from '../session/session-expiry';
import { readSession, writeTokens } from '../session/storage';
import { takeEarlyCalls } from './early-calls';

type ApiClient = typeof ApiClientModule;
let loading: Promise<ApiClient> | null = null;

/**
 * The API client is fetched on first use, not with the sign-in page (axios comes later still, on
 * its first call that reaches the network: packages/api-client/src/axios-instances.ts), and configured
 * exactly once: remotes share this same configured instance through Module Federation. The
 * session stays the shell's: the client reads and renews it only through these callbacks.
 */
export function loadApiClient(config: AppConfig): Promise<ApiClient> {
  loading ??= import('@chat/api-client').then((client) => {
    client.configureApiClient({
      baseURL: config.apiBaseUrl,
      getToken: () => readSession().token,
      getRefreshToken: () => readSession().refreshToken,
      onTokensRenewed: (pair) => writeTokens(pair),
      onSessionExpired: expireSession,
    });
    // The calls the first script started for the route's remote (early-calls.ts) are answered
    // through this client, before any remote can call it.
    const early = takeEarlyCalls();
    if (early) client.adoptEarlyCalls(early);
    return client;
  });
  // A failed chunk download is not remembered: the next call tries again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
