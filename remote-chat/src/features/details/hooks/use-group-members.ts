import { useEffect, useState } from 'react';
import { searchGroupMembers } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Group, type GroupMember } from '@chat/contracts';
import { notify } from '@chat/ui';
import { useDebouncedValue } from '@chat/ui';

/** The group's members, or those matching 'Buscar membro' (searched on the server). */
export function useGroupMembers(group: Group, text: string): { members: GroupMember[]; loading: boolean } {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const [found, setFound] = useState<{ term: string; members: GroupMember[] } | null>(null);

  useEffect(() => {
    if (!term) return;
    let cancelled = false;
    searchGroupMembers(group.id, term)
      .then(({ data }) => !cancelled && setFound({ term, members: data }))
      .catch((error: unknown) => {
        if (cancelled) return;
        notify.error(error, ERROR_TEXTS.group.searchMembers);
        setFound({ term, members: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [group.id, group.members, term]);

  if (!text.trim()) return { members: group.members, loading: false };
  const current = found !== null && found.term === text.trim();
  return { members: current ? found.members : [], loading: !current };
}
