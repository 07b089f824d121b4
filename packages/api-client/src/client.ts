import type { AxiosInstance } from 'axios';
import type { TokenPair } from '@chat/contracts';
import { takeEarlyResponse } from './early-responses';
import { createBareHttp, createHttp, type ApiResult } from './http';
import { installRenewal, SessionRenewal, type SessionCallbacks } from './renewal';

export interface ApiClientOptions extends SessionCallbacks {
  baseURL: string;
}

interface Configured {
  http: AxiosInstance;
  bare: AxiosInstance;
  renewal: SessionRenewal;
  callbacks: SessionCallbacks;
}

// The one configured HTTP instance. The shell configures it at start; remotes only call the
// typed functions, which is why this module is shared as a Module Federation singleton.
let configured: Configured | null = null;

export function configureApiClient(options: ApiClientOptions): AxiosInstance {
  const http = createHttp({ baseURL: options.baseURL, getToken: options.getToken });
  const bare = createBareHttp(options.baseURL);
  const renewal = new SessionRenewal(bare, options);
  installRenewal(http, renewal, options.getToken);
  configured = { http, bare, renewal, callbacks: options };
  return http;
}

function current(): Configured {
  if (!configured) throw new Error('api-client não configurado: chame configureApiClient() no shell.');
  return configured;
}

/** The instance every call goes through (bearer token, renewal on 401). */
export const http = (): AxiosInstance => current().http;

/** No interceptors: for calls that must never start a renewal. */
export const bareHttp = (): AxiosInstance => current().bare;

/**
 * Renews the session now (the shell does it once at startup when the stored access token has
 * expired but a refresh token is stored). Shares a renewal already running. A refused renewal
 * calls the shell's onSessionExpired and rejects; one that got no answer rejects with the session
 * kept (isUnanswered tells them apart).
 */
export const renewSession = (): Promise<string> => current().renewal.renew();

/**
 * A call answered a new token pair outside the renewal flow (the password change): the shell
 * stores it like a renewed one, so this tab (and its siblings, which share the storage) keep
 * their session while every other session is revoked.
 */
export const adoptTokens = (pair: TokenPair): void => current().callbacks.onTokensRenewed(pair);

/** The answer the shell got early for `path` (early-responses.ts), if it is still this session's. */
export const earlyResponse = <T>(path: string): Promise<ApiResult<T> | null> =>
  takeEarlyResponse<T>(path, current().callbacks.getToken());
