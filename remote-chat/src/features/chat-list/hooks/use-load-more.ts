import { useCallback, useRef, useState, type RefObject } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { getConversations, listGroups } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Conversation, type Group } from '@chat/contracts';
import { notify } from '@chat/ui';
import { chatKeys } from '../../../shared/query-keys';
import { clearGroupUnread, clearUnread } from '../lib/list-updates';
import { appendPage, type LoadedList } from '../lib/list-pages';

const PAGE = LIMITS.chatListPageSize;

/**
 * The lists' next pages, asked by scrolling: appended after the last loaded page, without the
 * chats already there (one that came live meanwhile is kept as it is: it is newer). The open
 * chat's count stays cleared in what a page brings.
 */
export function useLoadMore(queryClient: QueryClient, openRef: RefObject<string | null>) {
  const [pending, setPending] = useState(0);
  const asked = useRef(new Set<'conversations' | 'groups'>());
  const loadMore = useCallback(
    (lists: readonly ('conversations' | 'groups')[]) => {
      for (const key of lists) {
        const queryKey = key === 'conversations' ? chatKeys.conversations() : chatKeys.groups();
        const loaded = queryClient.getQueryData<LoadedList<Conversation | Group>>(queryKey);
        if (!loaded?.cursor || asked.current.has(key)) continue;
        asked.current.add(key);
        setPending((n) => n + 1);
        const page = { limit: PAGE, before: loaded.cursor };
        const fetched: Promise<(Conversation | Group)[]> =
          key === 'conversations' ? getConversations(true, page).then((r) => r.data) : listGroups(page).then((r) => r.data);
        void fetched
          .then((chats) => {
            const open = openRef.current;
            queryClient.setQueryData<LoadedList<Conversation | Group>>(queryKey, (current) => {
              // Started over meanwhile (a reconnect): this page belongs to the old walk.
              if (!current || current.cursor !== page.before) return current;
              const next = appendPage(current.items, chats, PAGE);
              const items = open ? (key === 'conversations' ? clearUnread : clearGroupUnread)(next.items as never[], open) : next.items;
              return { items, ...next.rest };
            });
          })
          .catch((error: unknown) => notify.error(error, key === 'conversations' ? ERROR_TEXTS.conversation.list : ERROR_TEXTS.group.list))
          .finally(() => {
            asked.current.delete(key);
            setPending((n) => n - 1);
          });
      }
    },
    [queryClient, openRef],
  );
  return { loadMore, loadingMore: pending > 0 };
}
