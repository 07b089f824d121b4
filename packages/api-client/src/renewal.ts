import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { tokenPairSchema, type TokenPair } from '@chat/contracts';
import { ApiCallError, isAxiosError, serverMessageOf } from './http';

export const SIGNIN_PATH = '/auth/signin';
export const RENEWAL_PATH = '/refresh-token/use';

/**
 * What the shell hands the api-client: the api-client never reads storage nor navigates by itself
 * (only the shell owns the session: docs/arquitetura.md, Micro-frontends).
 */
export interface SessionCallbacks {
  /** The stored access token, read at call time. */
  getToken: () => string | null;
  /** The stored refresh token, read when a renewal starts. */
  getRefreshToken: () => string | null;
  /** Store the new pair (the retried calls use `accessToken` at once). */
  onTokensRenewed: (pair: TokenPair) => void;
  /**
   * No refresh token, or the server refused the renewal: clear the stored session and go to '/'.
   * `refusal` is the message of the 401 that asked for the renewal (it may say why the session
   * ended, e.g. the password was changed elsewhere), null when there was none.
   */
  onSessionExpired: (refusal: string | null) => void;
}

/** A 401 on these never starts a renewal (docs/arquitetura.md, Sessões e o seu encerramento). */
const NOT_RENEWABLE = new Set([SIGNIN_PATH, RENEWAL_PATH]);

type RetriableConfig = InternalAxiosRequestConfig & { _retry?: boolean };

/** Thrown to waiting callers when there is no refresh token to renew with. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Sessão expirada');
    this.name = 'SessionExpiredError';
  }
}

/**
 * One renewal at a time. While one runs, every caller waits on the same promise: that promise is
 * the queue of docs/arquitetura.md, Sessões e o seu encerramento (all waiters are retried with its
 * token, or all are rejected).
 */
export class SessionRenewal {
  private running: Promise<string> | null = null;

  constructor(
    /** The instance without interceptors, created on first use (client.ts). */
    private readonly bare: () => AxiosInstance | Promise<AxiosInstance>,
    private readonly callbacks: SessionCallbacks,
  ) {}

  get isRunning(): boolean {
    return this.running !== null;
  }

  /**
   * Resolves with the new access token; rejects (after onSessionExpired) when renewal is impossible.
   * `refusal`: the server's message on the 401 that asks for it (the first caller's counts).
   */
  renew(refusal: string | null = null): Promise<string> {
    this.running ??= this.run(refusal).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(refusal: string | null): Promise<string> {
    const seen = this.callbacks.getRefreshToken();
    return withRenewalLock(async () => {
      // Another tab of this browser renewed while we waited for the lock: its pair is already
      // stored. Presenting our (now rotated) refresh token would look like theft to the server,
      // which revokes the whole family and signs every tab out.
      const stored = this.callbacks.getRefreshToken();
      const token = this.callbacks.getToken();
      if (seen && stored && stored !== seen && token) return token;
      return this.renewWithServer(refusal);
    });
  }

  private async renewWithServer(refusal: string | null): Promise<string> {
    const refreshToken = this.callbacks.getRefreshToken();
    if (!refreshToken) {
      this.callbacks.onSessionExpired(refusal);
      throw new SessionExpiredError();
    }
    let pair: TokenPair;
    try {
      // The bare instance has no interceptors: a 401 here ends the session, never renews again.
      const response = await (await this.bare()).post<unknown>(RENEWAL_PATH, { refreshToken });
      pair = tokenPairSchema.parse(response.data);
    } catch (error) {
      // No answer at all (offline, server unreachable) or a server that cannot decide right now
      // (its database is down, its disk full, too many requests) says nothing about the session:
      // keep it, so an outage or a train ride signs nobody out; the next call renews once the
      // server is back. Only a refusal or a malformed pair ends the session.
      if (!isTransientFailure(error)) this.callbacks.onSessionExpired(refusal);
      throw error;
    }
    this.callbacks.onTokensRenewed({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
    return pair.accessToken;
  }
}

/**
 * The request never got an answer (offline, server unreachable, timeout). Call helpers throw
 * ApiCallError around the axios error, the renewal throws the axios error itself: both count.
 */
export function isUnanswered(error: unknown): boolean {
  const cause = error instanceof ApiCallError ? error.cause : error;
  return isAxiosError(cause) && !cause.response;
}

/**
 * The call may succeed later as it is: it got no answer, or an answer that is not a verdict (a 5xx
 * of a server whose database or disk failed, a 429 asking to slow down).
 */
export function isTransientFailure(error: unknown): boolean {
  if (isUnanswered(error)) return true;
  const cause = error instanceof ApiCallError ? error.cause : error;
  const status = isAxiosError(cause) ? cause.response?.status : undefined;
  return status !== undefined && (status >= 500 || status === 429);
}

const RENEWAL_LOCK = 'papo:session-renewal';

/** Tabs of one browser share the stored session: the Web Locks API lets one renew at a time. */
function withRenewalLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(RENEWAL_LOCK, task) as Promise<T>) : task();
}

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * The response interceptor of docs/arquitetura.md, Sessões e o seu encerramento: a 401 on any call
 * but sign-in and renewal, once per request (`_retry`), renews the session and retries the call
 * once with the new access token.
 */
export function installRenewal(http: AxiosInstance, renewal: SessionRenewal, getToken: () => string | null): void {
  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RetriableConfig;
    if (config._retry || NOT_RENEWABLE.has(pathOf(config.url))) throw error;
    config._retry = true;

    let token: string;
    const current = getToken();
    if (!renewal.isRunning && current && current !== bearerOf(config)) {
      // Sent before a renewal that has finished since: the stored token is already the new one.
      token = current;
    } else {
      try {
        token = await renewal.renew(serverMessageOf(error));
      } catch {
        // Each waiting call is rejected with its own 401 (its server message stays readable).
        throw error;
      }
    }
    config.headers.set('Authorization', `Bearer ${token}`);
    return http.request(config);
  });
}
