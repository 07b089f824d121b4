import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getGroupCandidates } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type User } from '@chat/contracts';
import { notify, useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from './query-keys';

export interface GroupCandidates {
  users: User[];
  /** The debounced search the list shows ('Selecionar todos' takes all of it). */
  term: string;
  /** Users matching it; null until the first page. */
  total: number | null;
  loading: boolean;
  loadMore: () => void;
}

/**
 * Users who may join, a page at a time, by name: those not in `groupId` yet, or (no group) everyone
 * of the workspace but me. Searched on the server, debounced as every search.
 */
export function useGroupCandidates(groupId: string | undefined, text: string): GroupCandidates {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const query = useInfiniteQuery({
    ...liveQuery,
    queryKey: chatKeys.groupCandidates(groupId ?? '', term),
    queryFn: async ({ pageParam }) => {
      try {
        const params = { ...(groupId ? { groupId } : {}), ...(term ? { content: term } : {}), ...(pageParam ? { cursor: pageParam } : {}) };
        return (await getGroupCandidates(params)).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.user.search);
        throw error;
      }
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pages = query.data?.pages ?? [];
  return {
    users: pages.flatMap((p) => p.users),
    term,
    total: pages[0]?.total ?? null,
    loading: term !== text.trim() || query.isPending || query.isPlaceholderData,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
