import { useCallback } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { searchMessages } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type MessageSearchHit } from '@chat/contracts';
import { notify, useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from '../../../shared/query-keys';
import { isSearchActive } from './use-chat-search';

export interface MessageSearchResult {
  loading: boolean;
  hits: MessageSearchHit[];
  /** Older hits exist: 'Mostrar mais' fetches them. */
  hasMore: boolean;
  loadMore: () => void;
}

/** Messages whose text contains the search box's text, with the same debounce as the chat search. */
export function useMessageSearch(text: string): MessageSearchResult {
  const debounced = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const query = useInfiniteQuery({
    ...liveQuery,
    queryKey: chatKeys.messageSearch(debounced),
    queryFn: async ({ pageParam }) => {
      try {
        return (await (pageParam ? searchMessages(debounced, { before: pageParam }) : searchMessages(debounced))).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.message.list);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: isSearchActive(debounced),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Answered for the text as it is now (a failed search answers with no hits).
  const current = debounced === text.trim() && !query.isPending;
  return {
    loading: isSearchActive(text) && (!current || isFetchingNextPage),
    hits: current ? (query.data?.pages.flatMap((page) => page.hits) ?? []) : [],
    hasMore: current && hasNextPage,
    loadMore,
  };
}
