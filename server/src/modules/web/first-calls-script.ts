import { createHash } from 'node:crypto';
import {
  PAGE_FIRST_CALLS_KEY,
  REMOTE_FIRST_CALLS,
  REMOTE_ROLES,
  startFirstCalls,
  STORAGE_KEYS,
  type FirstCallsPlan,
  type RemoteName,
} from '@chat/contracts';
import { API_BASE_URL } from './app-config';
import { scriptSafeJson } from './script-safe-json';

// The chat list's first API calls, started by the page itself. Started by the shell's first
// script, on a phone they would wait for that script to download among the page's dozen
// preloaded files; written into the HTML, they leave as the head is parsed, beside the preloads.
// The script is startFirstCalls's own source (@chat/contracts, which the shell runs where a page
// lacks it) applied to this route's plan; it leaves what it started on the window for the shell to
// take (early-calls.ts). Allowed by its hash in the CSP's script-src: the text is fixed for a given
// build, as the API's base path is.

export interface InlineScript {
  /** Its code: what the hash covers. */
  text: string;
  /** The script element, for the page's head. */
  element: string;
  /** The CSP source that allows exactly that script. */
  cspSource: string;
}

function firstCallsScript(remote: RemoteName, paths: readonly string[]): InlineScript {
  const plan: FirstCallsPlan = {
    apiBaseUrl: API_BASE_URL,
    tokenKey: STORAGE_KEYS.token,
    userKey: STORAGE_KEYS.user,
    roles: REMOTE_ROLES[remote],
    paths,
  };
  const text = `window[${JSON.stringify(PAGE_FIRST_CALLS_KEY)}]=(${startFirstCalls.toString()})(${scriptSafeJson(plan)},window,Date.now());`;
  return {
    text,
    element: `<script>${text}</script>`,
    cspSource: `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  };
}

/** One script per remote whose first paint waits for API answers (the chat list). */
export const FIRST_CALLS_SCRIPTS: Partial<Record<RemoteName, InlineScript>> = Object.fromEntries(
  Object.entries(REMOTE_FIRST_CALLS).map(([remote, paths]) => [remote, firstCallsScript(remote as RemoteName, paths)]),
);
