import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchUsersInSameWorkspace } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type User } from '@chat/contracts';
import { notify, useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from './query-keys';

/**
 * Users of my workspace matching `text` (everyone while it is empty), without me. Debounced like
 * the chat search.
 */
export function useUserSearch(text: string, meId: string): { users: User[]; loading: boolean } {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const query = useQuery({
    ...liveQuery,
    queryKey: chatKeys.userSearch(term),
    queryFn: async () => {
      try {
        return (await searchUsersInSameWorkspace(term)).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.user.search);
        return [];
      }
    },
    // The last answer stays listed while the next term is on its way.
    placeholderData: keepPreviousData,
  });

  const users = (query.data ?? []).filter((u) => u.id !== meId);
  return { users, loading: term !== text.trim() || query.isPlaceholderData || query.isPending };
}
