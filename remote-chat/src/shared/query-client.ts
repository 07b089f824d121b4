import { QueryClient } from '@tanstack/react-query';

/** The client of remote-chat mounted alone or in the shell. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}
