import { isTransientFailure } from '@chat/api-client';
import { QueryClient } from '@tanstack/react-query';

/** Queries retry a failure that may pass on its own (no answer, 5xx, 429) once; a 4xx is a verdict. */
const MAX_QUERY_RETRIES = 1;

/**
 * The one way an app holds server data (docs: TanStack Query, shared like react). Each app's root
 * makes its own client so a remote mounted alone still works. Socket events keep the cache fresh,
 * so a query never refetches because the window regained focus; a failed change is reported to the
 * person at once and never replayed behind their back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && isTransientFailure(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
