import type { Role } from './constants';

/** What startFirstCalls decides with: plain data, so that the server can write it into the page as JSON. */
export interface FirstCallsPlan {
  apiBaseUrl: string;
  /** localStorage keys of the stored session (STORAGE_KEYS.token and .user). */
  tokenKey: string;
  userKey: string;
  /** Who may open the route: a stored user of another role gets no call. */
  roles: readonly Role[];
  /** GET paths relative to apiBaseUrl (REMOTE_FIRST_CALLS). */
  paths: readonly string[];
}

/** The calls started: the access token they carry, and each path's answer (null when it failed). */
export interface StartedFirstCalls {
  token: string;
  responses: Record<string, Promise<Response | null>>;
}

/** Where the page's inline copy of startFirstCalls leaves what it started, for the shell to take. */
export const PAGE_FIRST_CALLS_KEY = '__chatFirstCalls';

/**
 * Starts the GET calls whose answers a route's first paint waits for (no waterfall),
 * when the stored session may open that route: an access token whose `exp` is still ahead and a
 * stored user of an allowed role. Otherwise null, and the startup renewal and the guards decide
 * first. Never throws: a failed call answers null, and the caller then asks by itself.
 *
 * Self-contained on purpose: the server writes this function's own source into the page as an
 * inline script (server/src/modules/web/first-calls-script.ts), so that the calls leave with the
 * HTML instead of after the shell's first script has downloaded; the shell runs the same function
 * where the page did not (the dev server, the service worker's copy of index.html). So: no
 * imports or outer names in its body, no named inner functions, nothing a bundler would rewrite
 * with a helper. The role and `exp` are read without a schema or a JWT library, as in the shell's
 * token.ts and stored-role.ts; the server verifies the token itself.
 */
export function startFirstCalls(
  plan: FirstCallsPlan,
  win: { localStorage: Storage; fetch: typeof fetch },
  now: number,
): StartedFirstCalls | null {
  try {
    const token = win.localStorage.getItem(plan.tokenKey);
    const payload = token ? token.split('.')[1] : undefined;
    if (!token || !payload) return null;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown } | null;
    if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
    const user = JSON.parse(win.localStorage.getItem(plan.userKey) || 'null') as { role?: unknown } | null;
    if (!user || !(plan.roles as readonly unknown[]).includes(user.role)) return null;
    const responses: Record<string, Promise<Response | null>> = {};
    for (const path of plan.paths) {
      responses[path] = win.fetch(plan.apiBaseUrl + path, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
    }
    return { token, responses };
  } catch {
    return null;
  }
}
