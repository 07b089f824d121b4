import { useQuery } from '@tanstack/react-query';
import { searchConversations, searchGroups } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Conversation, type Group } from '@chat/contracts';
import { notify, useDebouncedValue } from '@chat/ui';
import { chatKeys, liveQuery } from '../../../shared/query-keys';

export interface ChatSearchResult {
  /** True while the text has at least 2 characters: the list shows results, filters hide. */
  active: boolean;
  loading: boolean;
  conversations: Conversation[];
  groups: Group[];
}

export const isSearchActive = (text: string) => text.trim().length >= LIMITS.searchMinChars;

/** Both searches; a failed one shows its toast and finds nothing, the other still answers. */
async function searchChats(term: string): Promise<{ conversations: Conversation[]; groups: Group[] }> {
  const [c, g] = await Promise.allSettled([searchConversations(term), searchGroups(term)]);
  if (c.status === 'rejected') notify.error(c.reason, ERROR_TEXTS.conversation.search);
  if (g.status === 'rejected') notify.error(g.reason, ERROR_TEXTS.group.search);
  return { conversations: c.status === 'fulfilled' ? c.value.data : [], groups: g.status === 'fulfilled' ? g.value.data : [] };
}

/** docs/produto.md, Regras de conversa: search starts at 2 characters, debounced 500 ms. */
export function useChatSearch(text: string): ChatSearchResult {
  const debounced = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const active = isSearchActive(text);
  const query = useQuery({
    ...liveQuery,
    queryKey: chatKeys.chatSearch(debounced),
    queryFn: () => searchChats(debounced),
    enabled: isSearchActive(debounced),
  });

  const found = debounced === text.trim() ? query.data : undefined;
  return {
    active,
    loading: active && !found,
    conversations: found?.conversations ?? [],
    groups: found?.groups ?? [],
  };
}
