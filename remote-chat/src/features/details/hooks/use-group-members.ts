import { useQuery } from '@tanstack/react-query';
import { searchGroupMembers } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Group, type GroupMember } from '@chat/contracts';
import { notify, useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from '../../../shared/query-keys';

/** The group's members, or those matching 'Buscar membro' (searched on the server). */
export function useGroupMembers(group: Group, text: string): { members: GroupMember[]; loading: boolean } {
  const term = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const query = useQuery({
    ...liveQuery,
    // The members in the key: a change of the group (a member in or out, an admin) searches again.
    queryKey: [...chatKeys.groupMembers(group.id, term), group.members],
    queryFn: async () => {
      try {
        return (await searchGroupMembers(group.id, term)).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.group.searchMembers);
        return [];
      }
    },
    enabled: term !== '',
    // The same term's last answer stays listed while the group's change is searched again.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === term ? previous : undefined),
  });

  if (!text.trim()) return { members: group.members, loading: false };
  const found = term === text.trim() ? query.data : undefined;
  return { members: found ?? [], loading: !found };
}
