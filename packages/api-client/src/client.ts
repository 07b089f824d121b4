import type { AxiosInstance } from 'axios';
import type { TokenPair } from '@chat/contracts';
import { takeEarlyResponse } from './early-responses';
import type { ApiResult } from './http';
import { installRenewal, SessionRenewal, type SessionCallbacks } from './renewal';

export interface ApiClientOptions extends SessionCallbacks {
  baseURL: string;
}

interface Instances {
  http: AxiosInstance;
  bare: AxiosInstance;
}

interface Configured {
  /** Created with axios on the first call that reaches the network (axios-instances.ts). */
  instances: () => Promise<Instances>;
  renewal: SessionRenewal;
  callbacks: SessionCallbacks;
}

// The one configured HTTP instance. The shell configures it at start; remotes only call the
// typed functions, which is why this module is shared as a Module Federation singleton.
let configured: Configured | null = null;

export function configureApiClient(options: ApiClientOptions): void {
  let loading: Promise<Instances> | null = null;
  const instances = () => {
    loading ??= import('./axios-instances').then(({ createBareHttp, createHttp }) => {
      const http = createHttp({ baseURL: options.baseURL, getToken: options.getToken });
      installRenewal(http, renewal, options.getToken);
      return { http, bare: createBareHttp(options.baseURL) };
    });
    // A failed chunk download is not remembered: the next call tries again.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const renewal = new SessionRenewal(async () => (await instances()).bare, options);
  configured = { instances, renewal, callbacks: options };
}

function current(): Configured {
  if (!configured) throw new Error('api-client não configurado: chame configureApiClient() no shell.');
  return configured;
}

/** The instance every call goes through (bearer token, renewal on 401). */
export const http = async (): Promise<AxiosInstance> => (await current().instances()).http;

/** No interceptors: for calls that must never start a renewal. */
export const bareHttp = async (): Promise<AxiosInstance> => (await current().instances()).bare;

/**
 * Renews the session now (the shell does it once at startup when the stored access token has
 * expired but a refresh token is stored). Shares a renewal already running. A refused renewal
 * calls the shell's onSessionExpired and rejects; one that got no answer, or a 5xx or 429, rejects with the session
 * kept (isTransientFailure tells them apart).
 */
export const renewSession = (): Promise<string> => current().renewal.renew();

/**
 * A call answered a new token pair outside the renewal flow (the password change): the shell
 * stores it like a renewed one, so this tab (and its siblings, which share the storage) keep
 * their session while every other session is revoked.
 */
export const adoptTokens = (pair: TokenPair): void => current().callbacks.onTokensRenewed(pair);

/** The answer the shell got early for `path` (early-responses.ts), if it is still this session's. */
export const earlyResponse = <T>(path: string): Promise<ApiResult<T> | null> => takeEarlyResponse<T>(path, current().callbacks.getToken());
