import { getGroupMembers } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type GroupMember, type GroupMembersPage } from '@chat/contracts';
import { useDebouncedValue, useSearchedPages } from '@chat/ui';
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

const membersOf = (page: GroupMembersPage) => page.members;

/**
 * The group's members a page at a time, as the server orders them ('Você', admins, by name), or
 * those matching 'Buscar membro' (searched on the server, debounced as every search).
 */
export function useGroupMemberPages(groupId: string, text: string): GroupMemberPages {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const pages = useSearchedPages({
    base: liveQuery,
    queryKey: chatKeys.groupMemberPages(groupId, term),
    fetchPage: async (cursor) =>
      (await getGroupMembers(groupId, { ...(term ? { content: term } : {}), ...(cursor ? { cursor } : {}) })).data,
    itemsOf: membersOf,
    errorFallback: ERROR_TEXTS.group.searchMembers,
  });
  return {
    members: pages.items,
    term,
    total: pages.total,
    loading: term !== text.trim() || pages.loading || pages.stale,
    loadMore: pages.loadMore,
  };
}
