import type { ApiResult } from './http';

/**
 * Answers of GET calls the shell started with the page, before this client or the remote that
 * makes the call were downloaded. The shell hands them over once, right after it
 * configures the client; a call helper takes its own the first time it runs, and never again.
 * The shell also starts the catch-up calls of a (re)connect this way, with fetch: the first
 * connect's catch-up then needs no axios, which stays off the page's first seconds.
 */
export interface EarlyCalls {
  /** The access token the calls were made with: the answers belong to that session only. */
  token: string;
  /** By path and query relative to the API base URL (FIRST_CALLS of @chat/contracts); null: no answer. */
  responses: ReadonlyMap<string, Promise<Response | null>>;
}

let early: { from: EarlyCalls; token: string; responses: Map<string, Promise<Response | null>> } | null = null;

export function adoptEarlyCalls(calls: EarlyCalls): void {
  if (early) discard(early.responses);
  early = { from: calls, token: calls.token, responses: new Map(calls.responses) };
}

/**
 * Answers nobody will read: their bodies are cancelled, or each would hold its connection open
 * (the browser keeps an unread response body streaming, and the page never goes idle).
 */
function discard(responses: Map<string, Promise<Response | null>>): void {
  for (const response of responses.values()) void response.then((answer) => answer?.body?.cancel()).catch(() => undefined);
  responses.clear();
}

/**
 * Forgets what is left of `calls` (not of a newer set): an answer nobody asked for while it was
 * fresh must not answer a later call, which would miss what changed in between.
 */
export function dropEarlyCalls(calls: EarlyCalls): void {
  if (early?.from !== calls) return;
  discard(early.responses);
  early = null;
}

/**
 * The early answer of `path`, once. Null when there is none, when it failed or was refused (the
 * caller then asks the server itself, with the usual renewal and error handling), or when the
 * session is no longer the one it was made for (a renewal, or another account signed in).
 */
export async function takeEarlyResponse<T>(path: string, currentToken: string | null): Promise<ApiResult<T> | null> {
  const response = early?.responses.get(path);
  if (!early || !response) return null;
  early.responses.delete(path);
  if (early.token !== currentToken) {
    discard(early.responses);
    early = null;
    void response.then((answer) => answer?.body?.cancel()).catch(() => undefined);
    return null;
  }
  try {
    const answer = await response;
    if (!answer?.ok) return null;
    return { status: answer.status, data: (await answer.json()) as T };
  } catch {
    return null;
  }
}
