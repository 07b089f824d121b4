import { isTransientFailure } from '@chat/api-client';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from './notify';

/** Queries retry a failure that may pass on its own (no answer, 5xx, 429) once; a 4xx is a verdict. */
const MAX_QUERY_RETRIES = 1;

/** What a query says about its failure: the error toast's fallback text and, if not 'Erro', its title. */
export interface QueryErrorToast {
  fallback: string;
  title?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: QueryErrorToast };
  }
}

/**
 * The one way an app holds server data: TanStack Query, shared like react. Each app's root makes
 * its own client so a remote mounted alone still works. Socket events keep the cache fresh, so a
 * query never refetches because the window regained focus; a failed change is reported to the
 * person at once and never replayed behind their back. A query with `meta.errorToast` shows the
 * error toast once, when it has failed for good (after its retry).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const toast = query.meta?.errorToast;
        if (toast) notify.error(error, toast.fallback, toast.title);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && isTransientFailure(error),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
