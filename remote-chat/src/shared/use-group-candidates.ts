import { getGroupCandidates } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type GroupCandidatesPage, type User } from '@chat/contracts';
import { useDebouncedValue, useSearchedPages } from '@chat/ui';
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

const usersOf = (page: GroupCandidatesPage) => page.users;

/**
 * Users who may join, a page at a time, by name: those not in `groupId` yet, or (no group) everyone
 * of the workspace but me. Searched on the server, debounced as every search.
 */
export function useGroupCandidates(groupId: string | undefined, text: string): GroupCandidates {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const pages = useSearchedPages({
    base: liveQuery,
    queryKey: chatKeys.groupCandidates(groupId ?? '', term),
    fetchPage: async (cursor) =>
      (await getGroupCandidates({ ...(groupId ? { groupId } : {}), ...(term ? { content: term } : {}), ...(cursor ? { cursor } : {}) }))
        .data,
    itemsOf: usersOf,
    errorFallback: ERROR_TEXTS.user.search,
  });
  return {
    users: pages.items,
    term,
    total: pages.total,
    loading: term !== text.trim() || pages.loading || pages.stale,
    loadMore: pages.loadMore,
  };
}
