import { useEffect, useState } from 'react';
import { searchUsersInSameWorkspace } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type User } from '@chat/contracts';
import { notify } from '@chat/ui';
import { useDebouncedValue } from '@chat/ui';

/**
 * Users of my workspace matching `text` (everyone while it is empty), without me. Debounced like
 * the chat search.
 */
export function useUserSearch(text: string, meId: string): { users: User[]; loading: boolean } {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const [result, setResult] = useState<{ term: string | null; users: User[] }>({ term: null, users: [] });

  useEffect(() => {
    let cancelled = false;
    searchUsersInSameWorkspace(term)
      .then(({ data }) => {
        if (!cancelled) setResult({ term, users: data.filter((u) => u.id !== meId) });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        notify.error(error, ERROR_TEXTS.user.search);
        setResult({ term, users: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [term, meId]);

  return { users: result.users, loading: result.term !== text.trim() };
}
