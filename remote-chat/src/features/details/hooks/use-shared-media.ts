import { useInfiniteQuery } from '@tanstack/react-query';
import { getSharedMedia } from '@chat/api-client';
import { ERROR_TEXTS, type SharedMediaItem, type SharedMediaKind } from '@chat/contracts';
import { notify } from '@chat/ui';
import type { ChatKind } from '../../../shared/chat-types';
import { chatKeys } from '../../../shared/query-keys';

export interface SharedMedia {
  items: SharedMediaItem[];
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
}

const NONE: SharedMediaItem[] = [];

/**
 * What a chat shared, newest first, a page at a time. Fetched each time the tab opens (a file sent
 * since then is there), never retried on its own: the panel says what failed.
 */
export function useSharedMedia(chat: ChatKind, chatId: string, kind: SharedMediaKind): SharedMedia {
  const query = useInfiniteQuery({
    queryKey: chatKeys.sharedMedia(chat, chatId, kind),
    queryFn: async ({ pageParam }) => {
      try {
        const target = chat === 'group' ? { groupId: chatId } : { conversationId: chatId };
        return (await getSharedMedia({ ...target, kind, ...(pageParam ? { before: pageParam } : {}) })).data;
      } catch (error) {
        notify.error(error, ERROR_TEXTS.message.shared);
        throw error;
      }
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? NONE,
    loading: query.isPending || query.isFetchingNextPage,
    hasMore: query.hasNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
