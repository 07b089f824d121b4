import { useCallback, useEffect, useState } from 'react';
import { searchMessages } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type MessageSearchHit } from '@chat/contracts';
import { useDebouncedValue } from '@chat/ui';
import { notify } from '@chat/ui';
import { isSearchActive } from './use-chat-search';

export interface MessageSearchResult {
  loading: boolean;
  hits: MessageSearchHit[];
  /** Older hits exist: 'Mostrar mais' fetches them. */
  hasMore: boolean;
  loadMore: () => void;
}

interface Held {
  term: string;
  hits: MessageSearchHit[];
  nextCursor: string | null;
}

/** Issue 16: messages whose text contains the search box's text, with the same debounce as the chat search. */
export function useMessageSearch(text: string): MessageSearchResult {
  const debounced = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const [held, setHeld] = useState<Held>({ term: '', hits: [], nextCursor: null });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!isSearchActive(debounced)) return;
    let cancelled = false;
    searchMessages(debounced).then(
      ({ data }) => !cancelled && setHeld({ term: debounced, hits: data.hits, nextCursor: data.nextCursor }),
      (error: unknown) => {
        if (cancelled) return;
        notify.error(error, ERROR_TEXTS.message.list);
        setHeld({ term: debounced, hits: [], nextCursor: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [debounced]);

  const loadMore = useCallback(() => {
    if (!held.nextCursor || loadingMore) return;
    setLoadingMore(true);
    searchMessages(held.term, { before: held.nextCursor })
      .then(
        ({ data }) =>
          setHeld((current) =>
            current.term === held.term ? { term: current.term, hits: [...current.hits, ...data.hits], nextCursor: data.nextCursor } : current,
          ),
        (error: unknown) => notify.error(error, ERROR_TEXTS.message.list),
      )
      .finally(() => setLoadingMore(false));
  }, [held, loadingMore]);

  const current = held.term === text.trim();
  return {
    loading: isSearchActive(text) && (!current || loadingMore),
    hits: current ? held.hits : [],
    hasMore: current && held.nextCursor !== null,
    loadMore,
  };
}
