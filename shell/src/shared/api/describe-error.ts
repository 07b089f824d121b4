import type * as ApiClientModule from '@chat/api-client';

/**
 * docs/produto.md, Textos que importam for callers that load the client lazily: the server's
 * message when the failure is a server response, else the fallback (also when the client itself
 * could not be loaded).
 */
export function describeApiError(client: typeof ApiClientModule | null, error: unknown, fallback: string): string {
  return client ? client.apiErrorMessage(error, fallback) : fallback;
}
