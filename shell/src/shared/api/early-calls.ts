import type { EarlyCalls } from '@chat/api-client';
import {
  FIRST_CALLS,
  PAGE_FIRST_CALLS_KEY,
  REMOTE_FIRST_CALLS,
  REMOTE_ROLES,
  remoteForPath,
  startFirstCalls,
  STORAGE_KEYS,
  type StartedFirstCalls,
} from '@chat/contracts';

let started: EarlyCalls | null = null;

/**
 * Run by the shell's first script: on a route whose remote's first paint waits for API answers
 * (REMOTE_FIRST_CALLS: the chat list), takes the calls the page itself started (the server writes
 * startFirstCalls into the HTML of those routes, server/src/modules/web/first-calls-script.ts),
 * or starts them now where the page did not (the dev server, the service worker's index.html):
 * either way while the shell, the remote and the HTTP client download, instead of after all
 * three have run. Only with a stored access token that has not expired and a role that
 * may open the route; otherwise the startup renewal and the guards decide first, and the remote
 * asks by itself. Nothing here can fail the start: a failed or refused call is simply not used
 * (the remote's own call then shows the error).
 */
export function startEarlyCalls(
  apiBaseUrl: string,
  pathname: string = window.location.pathname,
  storage: Storage = localStorage,
  page: Record<string, unknown> = window as unknown as Record<string, unknown>,
): void {
  const fromPage = page[PAGE_FIRST_CALLS_KEY] as StartedFirstCalls | null | undefined;
  // Taken once: a later start (a retry of the app's start) asks again rather than reuse them.
  delete page[PAGE_FIRST_CALLS_KEY];
  started = fromPage ? asEarlyCalls(fromPage) : routeCalls(apiBaseUrl, pathname, storage, []);
}

/**
 * The catch-up of a (re)connect (use-live-socket): what the route's remote and the shell read
 * again on 'socket:reconnected' (the lists, the own user), asked with fetch before the event is
 * announced, for the api-client to hand to those calls. So the first connect's catch-up, a few
 * seconds into the page, does not download and run axios (its evaluation and answer
 * handling were the largest tasks after the first screen on a phone's CPU).
 */
export function startCatchUpCalls(
  apiBaseUrl: string,
  pathname: string = window.location.pathname,
  storage: Storage = localStorage,
): EarlyCalls | null {
  return routeCalls(apiBaseUrl, pathname, storage, [FIRST_CALLS.me]);
}

function routeCalls(apiBaseUrl: string, pathname: string, storage: Storage, always: readonly string[]): EarlyCalls | null {
  const remote = remoteForPath(pathname);
  const paths = [...((remote && REMOTE_FIRST_CALLS[remote]) || []), ...always];
  if (!remote || paths.length === 0) return null;
  const plan = { apiBaseUrl, tokenKey: STORAGE_KEYS.token, userKey: STORAGE_KEYS.user, roles: REMOTE_ROLES[remote], paths };
  const calls = startFirstCalls(plan, { localStorage: storage, fetch: (...args) => fetch(...args) }, Date.now());
  return calls && asEarlyCalls(calls);
}

function asEarlyCalls(calls: StartedFirstCalls): EarlyCalls {
  return { token: calls.token, responses: new Map(Object.entries(calls.responses)) };
}

/** The calls started, once: load-api-client hands them to the api-client it configures. */
export function takeEarlyCalls(): EarlyCalls | null {
  const calls = started;
  started = null;
  return calls;
}
