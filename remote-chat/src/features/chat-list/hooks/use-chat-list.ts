import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getConversationById, getConversations, getGroupById, listGroups } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Conversation, type Group, type GroupUpdated, type Message } from '@chat/contracts';
import { notify } from '@chat/ui';
import type { ChatKind } from '../../../shared/chat-types';
import { applyGroupUpdate, removedMe } from '../../../shared/group-updates';
import { chatKeys, liveQuery } from '../../../shared/query-keys';
import { applyMessageToConversations, applyMessageToGroups, clearGroupUnread, clearUnread, upsertById } from '../lib/list-updates';
import { appendPage, type ListKey, type LoadedList, listKeyOf } from '../lib/list-pages';
import { useListEvents, type LiveChange, type Updater } from './use-list-events';
import { useLoadMore } from './use-load-more';
import { useOpenChatById } from './use-open-chat-by-id';
import { useRefetchWhenBack } from './use-refetch-when-back';

export interface ChatListState {
  /** The chats loaded so far: the first pages, the ones asked for by scrolling, and any that came live. */
  conversations: Conversation[];
  groups: Group[];
  /**
   * Where each list's loaded pages end (null once it is complete): a chat older than that may not
   * be loaded yet, so the merged list is shown only down to the newest of these (chat-entries.ts).
   */
  frontiers: { conversations: ListKey | null; groups: ListKey | null };
  loading: boolean;
  /** A next page is on its way. */
  loadingMore: boolean;
  /** Asks for the next page of each list named that has one (the sidebar scrolled to its end). */
  loadMore: (lists: readonly ('conversations' | 'groups')[]) => void;
  /** The last fetch failed (offline, server down): nothing shown is known to be current. */
  failed: boolean;
  /** Fetches both lists again. */
  reload: () => void;
  upsertConversation: (conversation: Conversation) => void;
  upsertGroup: (group: Group) => void;
  /** A message sent or received: it becomes the chat's last message. */
  applyMessage: (message: Message) => void;
  /**
   * Opening a conversation clears its unread count (docs/produto.md, Regras de conversa), a group
   * its '@' badge.
   */
  markRead: (chatId: string) => void;
  /**
   * The open chat's unread count as the first fetch that found it answered, before the list
   * cleared it: the 'Mensagens não lidas' line of a chat opened before the list had loaded (a
   * reload, a link). Kept while the chat stays open: a later fetch (the live connection's
   * catch-up) may already count the chat as read by this very opening.
   */
  fetchedOpenUnread: OpenUnread | null;
  /** The open chat is not in the loaded pages (an older one opened by its address): it is being fetched by id. */
  openPending: boolean;
}

interface OpenUnread {
  id: string;
  unread: number;
}

const EMPTY: never[] = [];
const PAGE = LIMITS.chatListPageSize;

/** What both lists hold: an id, a last activity (chatListCursor) and an unread count. */
type ListedChat = Conversation | Group;

const withItems = <T>(list: LoadedList<T>, change: Updater<T>): LoadedList<T> => {
  const items = change(list.items);
  return items === list.items ? list : { ...list, items };
};

/**
 * The conversations and groups of the sidebar, kept live from the bus: new conversations and
 * groups, group changes and every message (docs/produto.md, Regras de conversa). `openId` is the
 * open chat, whose unread count stays 0.
 */
export function useChatList(meId: string, openId: string | null, openKind: ChatKind | null = null): ChatListState {
  const queryClient = useQueryClient();
  // With the order its fetch started in: of two answers for the open chat, the earlier-asked one
  // holds its count from before the chat was read.
  const [fetchedOpen, setFetchedOpen] = useState<(OpenUnread & { started: number }) | null>(null);
  const fetchCount = useRef(0);
  /** Numbers a fetch as it starts; what it finds for the open chat stays unless an earlier-started fetch told first. */
  const beginFetch = useCallback(() => {
    const started = ++fetchCount.current;
    return (id: string, unread: number) =>
      setFetchedOpen((current) => (current?.id === id && current.started < started ? current : { id, unread, started }));
  }, []);
  const openRef = useRef(openId);
  useLayoutEffect(() => {
    openRef.current = openId;
  });

  // A fetch answers with the lists as they were when the server read them: a message that came
  // live while it was on its way would be undone by it (its count, its preview). Each fetch in
  // flight keeps the live changes made meanwhile, and they are applied again on its answer; they
  // are idempotent on what the answer already holds (a message not newer than the chat's last one
  // changes nothing).
  const inFlight = useRef({ conversations: new Set<LiveChange[]>(), groups: new Set<LiveChange[]>() });

  /**
   * One list's first page, with the live changes made meanwhile applied again and the open chat
   * read. A fetch again (a reconnect) starts the list over from its first page.
   */
  const fetchList = useCallback(
    async <T extends ListedChat>(
      key: 'conversations' | 'groups',
      fetch: () => Promise<T[]>,
      failure: string,
      clear: (list: T[], id: string) => T[],
    ): Promise<LoadedList<T>> => {
      const meanwhile: LiveChange[] = [];
      const found = beginFetch();
      inFlight.current[key].add(meanwhile);
      let fetched: T[];
      try {
        fetched = await fetch();
      } catch (error) {
        notify.error(error, failure);
        throw error;
      } finally {
        inFlight.current[key].delete(meanwhile);
      }
      const list = meanwhile.reduce((current, change) => (change[key] as Updater<T> | undefined)?.(current) ?? current, fetched);
      const open = openRef.current;
      const entry = open ? fetched.find((c) => c.id === open) : undefined;
      if (open && entry) found(open, entry.unreadMessages ?? 0);
      return { items: open ? clear(list, open) : list, ...appendPage<T>([], fetched, PAGE).rest };
    },
    [beginFetch],
  );

  // Fetched again on every mount: no event reached the cache while the screen was away.
  const conversationsQuery = useQuery({
    ...liveQuery,
    queryKey: chatKeys.conversations(),
    queryFn: () =>
      fetchList(
        'conversations',
        async () => (await getConversations(true, { limit: PAGE })).data,
        ERROR_TEXTS.conversation.list,
        clearUnread,
      ),
    refetchOnMount: 'always',
  });
  const groupsQuery = useQuery({
    ...liveQuery,
    queryKey: chatKeys.groups(),
    queryFn: () => fetchList('groups', async () => (await listGroups({ limit: PAGE })).data, ERROR_TEXTS.group.list, clearGroupUnread),
    refetchOnMount: 'always',
  });

  const live = useCallback(
    (change: LiveChange) => {
      const { conversations, groups } = change;
      if (conversations)
        queryClient.setQueryData<LoadedList<Conversation>>(chatKeys.conversations(), (list) => list && withItems(list, conversations));
      if (groups) queryClient.setQueryData<LoadedList<Group>>(chatKeys.groups(), (list) => list && withItems(list, groups));
      inFlight.current.conversations.forEach((changes) => changes.push(change));
      inFlight.current.groups.forEach((changes) => changes.push(change));
    },
    [queryClient],
  );

  const reload = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: chatKeys.conversations() });
    void queryClient.refetchQueries({ queryKey: chatKeys.groups() });
  }, [queryClient]);

  // Chats fetched by id because a message came for one not loaded, with the messages heard meanwhile.
  const fetchingById = useRef(new Map<string, Message[]>());

  const applyLoadedMessage = useCallback(
    (message: Message) => {
      const open = openRef.current;
      if (message.conversationId) {
        live({ conversations: (list) => applyMessageToConversations(list, message, meId, open) ?? list });
      } else {
        live({ groups: (list) => applyMessageToGroups(list, message, meId, open) ?? list });
      }
    },
    [meId, live],
  );

  const applyMessage = useCallback(
    (message: Message) => {
      const chatId = message.conversationId ?? message.groupId;
      const key = message.conversationId ? chatKeys.conversations() : chatKeys.groups();
      const loaded = queryClient.getQueryData<LoadedList<ListedChat>>(key);
      // Before the first page has answered: that answer (or the catch-up) brings the chat.
      if (!loaded || !chatId) {
        if (!loaded) reload();
        return;
      }
      if (loaded.items.some((c) => c.id === chatId)) {
        applyLoadedMessage(message);
        return;
      }
      // A chat not loaded (an older one, or one created while we were away): fetched by id, it
      // comes to the top with this message, and those heard meanwhile are applied again on it.
      const waiting = fetchingById.current.get(chatId);
      if (waiting) {
        waiting.push(message);
        return;
      }
      fetchingById.current.set(chatId, [message]);
      const fetchChat = message.conversationId
        ? getConversationById(chatId).then(({ data }) => live({ conversations: (list) => upsertById(list, data) }))
        : getGroupById(chatId).then(({ data }) => live({ groups: (list) => upsertById(list, data) }));
      void fetchChat
        .then(() => fetchingById.current.get(chatId)?.forEach(applyLoadedMessage))
        // Not mine after all (left meanwhile), or offline: the next catch-up settles it.
        .catch(() => undefined)
        .finally(() => fetchingById.current.delete(chatId));
    },
    [reload, live, queryClient, applyLoadedMessage],
  );

  const { loadMore, loadingMore } = useLoadMore(queryClient, openRef);

  const upsertConversation = useCallback(
    (c: Conversation) => {
      const open = openRef.current;
      live({ conversations: (list) => upsertById(list, open === c.id ? { ...c, unreadMessages: 0 } : c) });
    },
    [live],
  );
  // Only members hear `group` (and a group created here is mine): no membership to check.
  const upsertGroup = useCallback((g: Group) => live({ groups: (list) => upsertById(list, g) }), [live]);
  // A change applies to the copy listed; the member it took out loses the group.
  const updateGroup = useCallback(
    (event: GroupUpdated) =>
      live({
        groups: (list) =>
          removedMe(event, meId)
            ? list.filter((x) => x.id !== event.id)
            : upsertById(
                list,
                applyGroupUpdate(
                  list.find((x) => x.id === event.id),
                  event,
                  meId,
                ),
              ),
      }),
    [meId, live],
  );
  const markRead = useCallback(
    (id: string) => live({ conversations: (list) => clearUnread(list, id), groups: (list) => clearGroupUnread(list, id) }),
    [live],
  );

  useListEvents({ meId, live, reload, upsertConversation, upsertGroup, updateGroup, applyMessage });

  const failed = conversationsQuery.isError || groupsQuery.isError;

  const openLoaded = (openKind === 'group' ? groupsQuery.data : conversationsQuery.data)?.items.some((c) => c.id === openId);
  const bothLoaded = !!conversationsQuery.data && !!groupsQuery.data;
  const openPending = useOpenChatById({ openId, openKind, missing: !!openId && !!openKind && bothLoaded && !openLoaded, live, beginFetch });

  useRefetchWhenBack(failed, reload);

  const shown = useMemo(
    () => ({
      conversations: conversationsQuery.data?.items ?? EMPTY,
      groups: groupsQuery.data?.items ?? EMPTY,
      frontiers: {
        conversations: listKeyOf(conversationsQuery.data?.cursor ?? null),
        groups: listKeyOf(groupsQuery.data?.cursor ?? null),
      },
      // Every fetch (the first, a reload, a catch-up) shows as loading until both lists answered.
      loading: conversationsQuery.isFetching || groupsQuery.isFetching,
      failed,
    }),
    [conversationsQuery.data, groupsQuery.data, conversationsQuery.isFetching, groupsQuery.isFetching, failed],
  );
  // Deferred: a fetched list renders in slices that let the browser paint and take input in
  // between, instead of one long task on a phone's first visit.
  const deferred = useDeferredValue(shown);

  // Not deferred: the open chat waits on it to place its line, not on the list's slices.
  const fetchedOpenUnread = useMemo(() => fetchedOpen && { id: fetchedOpen.id, unread: fetchedOpen.unread }, [fetchedOpen]);

  return {
    ...deferred,
    loadingMore,
    loadMore,
    reload,
    upsertConversation,
    upsertGroup,
    applyMessage,
    markRead,
    fetchedOpenUnread,
    openPending,
  };
}
