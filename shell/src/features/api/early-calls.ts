import type { EarlyCalls } from '@chat/api-client';
import { FIRST_CALLS, REMOTE_FIRST_CALLS, REMOTE_ROLES, remoteForPath, STORAGE_KEYS } from '@chat/contracts';
import { storedRole } from '../session/stored-role';
import { isTokenValid } from '../session/token';

let started: EarlyCalls | null = null;

/**
 * Run by the shell's first script: on a route whose remote's first paint waits for API answers
 * (REMOTE_FIRST_CALLS: the chat list), asks for them now, while the shell, the remote and the
 * HTTP client download, instead of after all three have run (issue 18). Only with a stored access
 * token that has not expired and a role that may open the route; otherwise the startup renewal
 * and the guards decide first, and the remote asks by itself. Nothing here can fail the start: a
 * failed or refused call is simply not used (the remote's own call then shows the error).
 * The stored user is read without its zod schema (session/storage.ts) so that zod stays out of
 * the first script; only its role is used, and only to decide whether to ask.
 */
export function startEarlyCalls(apiBaseUrl: string, pathname: string = window.location.pathname, storage: Storage = localStorage): void {
  started = routeCalls(apiBaseUrl, pathname, storage, []);
}

/**
 * The catch-up of a (re)connect (use-live-socket): what the route's remote and the shell read
 * again on 'socket:reconnected' (the lists, the own user), asked with fetch before the event is
 * announced, for the api-client to hand to those calls. So the first connect's catch-up, a few
 * seconds into the page, does not download and run axios (issue 18: its evaluation and answer
 * handling were the largest tasks after the first screen on a phone's CPU).
 */
export function startCatchUpCalls(apiBaseUrl: string, pathname: string = window.location.pathname, storage: Storage = localStorage): EarlyCalls | null {
  return routeCalls(apiBaseUrl, pathname, storage, [FIRST_CALLS.me]);
}

function routeCalls(apiBaseUrl: string, pathname: string, storage: Storage, always: readonly string[]): EarlyCalls | null {
  const remote = remoteForPath(pathname);
  const paths = [...((remote && REMOTE_FIRST_CALLS[remote]) || []), ...always];
  const token = storage.getItem(STORAGE_KEYS.token);
  if (!remote || paths.length === 0 || !token || !isTokenValid(token)) return null;
  if (!(REMOTE_ROLES[remote] as readonly unknown[]).includes(storedRole(storage))) return null;
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    responses: new Map(paths.map((path) => [path, fetch(`${apiBaseUrl}${path}`, { headers }).catch(() => null)])),
  };
}

/** The calls started, once: load-api-client hands them to the api-client it configures. */
export function takeEarlyCalls(): EarlyCalls | null {
  const calls = started;
  started = null;
  return calls;
}
