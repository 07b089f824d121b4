import { useEffect, useState } from 'react';
import { searchConversations, searchGroups } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Conversation, type Group } from '@chat/contracts';
import { notify } from '@chat/ui';
import { useDebouncedValue } from '@chat/ui';

export interface ChatSearchResult {
  /** True while the text has at least 2 characters: the list shows results, filters hide. */
  active: boolean;
  loading: boolean;
  conversations: Conversation[];
  groups: Group[];
}

export const isSearchActive = (text: string) => text.trim().length >= LIMITS.searchMinChars;

/** SPEC section 4: search starts at 2 characters, debounced 500 ms. */
export function useChatSearch(text: string): ChatSearchResult {
  const debounced = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const active = isSearchActive(text);
  const [result, setResult] = useState<{ term: string; conversations: Conversation[]; groups: Group[] }>({
    term: '',
    conversations: [],
    groups: [],
  });

  useEffect(() => {
    if (!isSearchActive(debounced)) return;
    let cancelled = false;
    void Promise.allSettled([searchConversations(debounced), searchGroups(debounced)]).then(([c, g]) => {
      if (cancelled) return;
      if (c.status === 'rejected') notify.error(c.reason, ERROR_TEXTS.conversation.search);
      if (g.status === 'rejected') notify.error(g.reason, ERROR_TEXTS.group.search);
      setResult({
        term: debounced,
        conversations: c.status === 'fulfilled' ? c.value.data : [],
        groups: g.status === 'fulfilled' ? g.value.data : [],
      });
    });
    return () => {
      cancelled = true;
    };
  }, [debounced]);

  const current = result.term === text.trim();
  return {
    active,
    loading: active && !current,
    conversations: current ? result.conversations : [],
    groups: current ? result.groups : [],
  };
}
