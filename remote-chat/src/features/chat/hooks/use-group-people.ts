import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getGroupMembers } from '@chat/api-client';
import type { Group, GroupMember } from '@chat/contracts';
import { useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from '../../../shared/query-keys';

// A pause short enough for a picker that follows typing, long enough to skip most keystrokes.
const MENTION_SEARCH_DEBOUNCE_MS = 250;
const MENTION_RESULTS = 20;

/**
 * The people of an open group that mentions need: the group carries only its first members, so
 * the '@' picker searches the members on the server as the name is typed, and the mentions shown
 * take names from the head, that search and the authors of the messages loaded.
 */
export function useGroupPeople(group: Group | null, query: string | null, authors: readonly { id: string; name: string }[]) {
  const term = useDebouncedValue(query?.trim() ?? null, MENTION_SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    ...liveQuery,
    queryKey: [...chatKeys.groupMemberPages(group?.id ?? ''), 'mention', term],
    queryFn: async () => (await getGroupMembers(group!.id, { ...(term ? { content: term } : {}), limit: MENTION_RESULTS })).data.members,
    enabled: group !== null && term !== null,
    placeholderData: keepPreviousData,
  });
  const searched = found.data;
  return useMemo(() => {
    const members: GroupMember[] = group ? [...group.members, ...(searched ?? [])] : [];
    const unique = [...new Map(members.map((m) => [m.id, m])).values()];
    const names = new Map([...authors, ...members].map((p) => [p.id, p.name]));
    return { members: unique, nameOf: (id: string) => names.get(id) };
  }, [group, searched, authors]);
}
