import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getGroupMembers } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type GroupMember } from '@chat/contracts';
import { notify, useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from '../../../shared/query-keys';

export interface GroupMemberPages {
  members: GroupMember[];
  /** The debounced search the list shows: a new one starts at the top. */
  term: string;
  /** Members matching the search (all of them without one); null until the first page. */
  total: number | null;
  loading: boolean;
  /** The next page, when there is one and it is not on its way already. */
  loadMore: () => void;
}

/**
 * The group's members a page at a time, as the server orders them ('Você', admins, by name), or
 * those matching 'Buscar membro' (searched on the server, debounced as every search).
 */
export function useGroupMemberPages(groupId: string, text: string): GroupMemberPages {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const query = useInfiniteQuery({
    ...liveQuery,
    queryKey: chatKeys.groupMemberPages(groupId, term),
    queryFn: async ({ pageParam }) => {
      try {
        return (await getGroupMembers(groupId, { ...(term ? { content: term } : {}), ...(pageParam ? { cursor: pageParam } : {}) })).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.group.searchMembers);
        throw error;
      }
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The last search's members stay listed while the next one is on its way.
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const pages = query.data?.pages ?? [];
  return {
    members: pages.flatMap((p) => p.members),
    term,
    total: pages[0]?.total ?? null,
    loading: term !== text.trim() || query.isPending || query.isPlaceholderData,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
