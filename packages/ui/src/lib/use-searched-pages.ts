import { useMemo } from 'react';
import { keepPreviousData, type NetworkMode, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** A page of a server list: its rows and where the next page starts (null: the last page). */
export interface ServerPage {
  nextCursor: string | null;
}

export interface SearchedPages<T> {
  items: T[];
  /** The first page's `total`, when the list answers one; null until it arrives. */
  total: number | null;
  /** Nothing to show yet: no page of this search, and no earlier search's rows either. */
  loading: boolean;
  /** An earlier search's rows stand in while this one's first page is on its way. */
  stale: boolean;
  loadingMore: boolean;
  /** Asks for the next page when there is one and none is on its way. */
  loadMore: () => void;
}

export interface SearchedPagesOptions<P extends ServerPage, T> {
  /** Ends with the search: each search is its own list. */
  queryKey: QueryKey;
  fetchPage: (cursor: string | null) => Promise<P>;
  itemsOf: (page: P) => T[];
  /** The error toast's fallback text (when the answer carries no message). */
  errorFallback: string;
  /** Options of the app's queries (e.g. the chat's, which sockets keep fresh). */
  base?: { retry?: boolean; networkMode?: NetworkMode; refetchOnWindowFocus?: boolean; refetchOnReconnect?: boolean };
}

/**
 * A long list paged by the server, searched on the server: the lists of big teams (members,
 * group members, people to add). While a new search runs, the last one's rows stay on screen.
 */
export function useSearchedPages<P extends ServerPage & { total?: number }, T>({
  queryKey,
  fetchPage,
  itemsOf,
  errorFallback,
  base,
}: SearchedPagesOptions<P, T>): SearchedPages<T> {
  const query = useInfiniteQuery({
    ...base,
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    meta: { errorToast: { fallback: errorFallback } },
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const items = useMemo(() => data?.pages.flatMap(itemsOf) ?? [], [data, itemsOf]);
  return {
    items,
    total: data?.pages[0]?.total ?? null,
    loading: query.isPending,
    stale: query.isPlaceholderData,
    loadingMore: isFetchingNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
