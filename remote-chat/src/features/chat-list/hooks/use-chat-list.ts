import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getConversations, listGroups } from '@chat/api-client';
import { ERROR_TEXTS, type Conversation, type Group, type GroupUpdated, type Message } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { notify } from '@chat/ui';
import { applyGroupUpdate, removedMe } from '../../../shared/group-updates';
import { chatKeys, liveQuery } from '../../../shared/query-keys';
import { mapChanged, userInConversation, userInGroup } from '../../../shared/user-updates';
import {
  applyChangedMessage,
  applyGroupReadReceipt,
  applyMessageToConversations,
  applyMessageToGroups,
  applyMuted,
  applyReadResponse,
  clearGroupUnread,
  clearUnread,
  upsertById,
} from '../lib/list-updates';

export interface ChatListState {
  conversations: Conversation[];
  groups: Group[];
  loading: boolean;
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
}

type Updater<T> = (list: T[]) => T[];

/** A live change of the lists (a message, a read, a rename...), as updaters of the cached lists. */
interface LiveChange {
  conversations?: Updater<Conversation>;
  groups?: Updater<Group>;
}

interface OpenUnread {
  id: string;
  unread: number;
}

const EMPTY: never[] = [];

/**
 * The conversations and groups of the sidebar, kept live from the bus: new conversations and
 * groups, group changes and every message (docs/produto.md, Regras de conversa). `openId` is the
 * open chat, whose unread count stays 0.
 */
export function useChatList(meId: string, openId: string | null): ChatListState {
  const queryClient = useQueryClient();
  // With the order its fetch started in: of two answers for the open chat, the earlier-asked one
  // holds its count from before the chat was read.
  const [fetchedOpen, setFetchedOpen] = useState<(OpenUnread & { started: number }) | null>(null);
  const fetchCount = useRef(0);
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

  /** One list's fetch, with the live changes made meanwhile applied again and the open chat read. */
  const fetchList = useCallback(
    async <T extends { id: string; unreadMessages?: number }>(
      key: 'conversations' | 'groups',
      fetch: () => Promise<T[]>,
      failure: string,
      clear: (list: T[], id: string) => T[],
    ): Promise<T[]> => {
      const meanwhile: LiveChange[] = [];
      const started = ++fetchCount.current;
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
      if (open && entry) {
        const unread = entry.unreadMessages ?? 0;
        setFetchedOpen((current) => (current?.id === open && current.started < started ? current : { id: open, unread, started }));
      }
      return open ? clear(list, open) : list;
    },
    [],
  );

  // Fetched again on every mount: no event reached the cache while the screen was away.
  const conversationsQuery = useQuery({
    ...liveQuery,
    queryKey: chatKeys.conversations(),
    queryFn: () => fetchList('conversations', async () => (await getConversations(true)).data, ERROR_TEXTS.conversation.list, clearUnread),
    refetchOnMount: 'always',
  });
  const groupsQuery = useQuery({
    ...liveQuery,
    queryKey: chatKeys.groups(),
    queryFn: () => fetchList('groups', async () => (await listGroups()).data, ERROR_TEXTS.group.list, clearGroupUnread),
    refetchOnMount: 'always',
  });

  const live = useCallback(
    (change: LiveChange) => {
      const { conversations, groups } = change;
      if (conversations) queryClient.setQueryData<Conversation[]>(chatKeys.conversations(), (list) => list && conversations(list));
      if (groups) queryClient.setQueryData<Group[]>(chatKeys.groups(), (list) => list && groups(list));
      inFlight.current.conversations.forEach((changes) => changes.push(change));
      inFlight.current.groups.forEach((changes) => changes.push(change));
    },
    [queryClient],
  );

  const reload = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: chatKeys.conversations() });
    void queryClient.refetchQueries({ queryKey: chatKeys.groups() });
  }, [queryClient]);

  const applyMessage = useCallback(
    (message: Message) => {
      const open = openRef.current;
      const known = message.conversationId
        ? queryClient.getQueryData<Conversation[]>(chatKeys.conversations())?.some((c) => c.id === message.conversationId)
        : queryClient.getQueryData<Group[]>(chatKeys.groups())?.some((g) => g.id === message.groupId);
      // A message of a chat the list does not know yet (created while we were away): fetch again.
      if (!known) {
        reload();
        return;
      }
      if (message.conversationId) {
        live({ conversations: (list) => applyMessageToConversations(list, message, meId, open) ?? list });
      } else {
        live({ groups: (list) => applyMessageToGroups(list, message, meId, open) ?? list });
      }
    },
    [meId, reload, live, queryClient],
  );

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

  useEffect(() => {
    const offs = [
      subscribe(eventBus, 'conversation', upsertConversation),
      subscribe(eventBus, 'group', upsertGroup),
      subscribe(eventBus, 'group::updated', updateGroup),
      subscribe(eventBus, 'message', applyMessage),
      // My reading in another tab clears the count here too (docs/produto.md, Regras de conversa:
      // the same in every tab).
      subscribe(eventBus, 'message:read:response', (response) =>
        live({ conversations: (list) => applyReadResponse(list, response, meId) }),
      ),
      subscribe(eventBus, 'socket:reconnected', reload),
      // An edit or delete of a last message changes its preview; silence follows my tabs;
      // my reading a group in another tab clears its '@' badge.
      ...(['message:updated', 'message:deleted'] as const).map((event) =>
        subscribe(eventBus, event, (message) =>
          live({ conversations: (list) => applyChangedMessage(list, message), groups: (list) => applyChangedMessage(list, message) }),
        ),
      ),
      subscribe(eventBus, 'chat:muted', (change) =>
        live(change.isGroup ? { groups: (list) => applyMuted(list, change) } : { conversations: (list) => applyMuted(list, change) }),
      ),
      subscribe(eventBus, 'message:receipt', (receipt) => live({ groups: (list) => applyGroupReadReceipt(list, receipt, meId) })),
      // A colleague's new name or photo shows at once in the list.
      subscribe(eventBus, 'user:updated', (user) =>
        live({
          conversations: (list) => mapChanged(list, (c) => userInConversation(c, user)),
          groups: (list) => mapChanged(list, (g) => userInGroup(g, user)),
        }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [upsertConversation, upsertGroup, updateGroup, applyMessage, reload, meId, live]);

  const failed = conversationsQuery.isError || groupsQuery.isError;

  // A list that could not be fetched (an offline start, the server down) fetches again by itself
  // when the browser is back online or the live connection comes up.
  useEffect(() => {
    if (!failed) return;
    const offs = [
      subscribe(eventBus, 'socket:status', ({ status }) => status === 'connected' && reload()),
      () => window.removeEventListener('online', reload),
    ];
    window.addEventListener('online', reload);
    return () => offs.forEach((off) => off());
  }, [failed, reload]);

  const shown = useMemo(
    () => ({
      conversations: conversationsQuery.data ?? EMPTY,
      groups: groupsQuery.data ?? EMPTY,
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

  return { ...deferred, reload, upsertConversation, upsertGroup, applyMessage, markRead, fetchedOpenUnread };
}
