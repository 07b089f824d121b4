import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getConversations, listGroups } from '@chat/api-client';
import { ERROR_TEXTS, type Conversation, type Group, type Message } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { notify } from '@chat/ui';
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
  /** Opening a conversation clears its unread count (SPEC section 4), a group its '@' badge (issue 15). */
  markRead: (chatId: string) => void;
  /**
   * The open chat's unread count as the last fetch answered it, before the list cleared it: the
   * 'Mensagens não lidas' line of a chat opened before the list had loaded (a reload, a link).
   */
  fetchedOpenUnread: { id: string; unread: number } | null;
}

interface Fetched {
  conversations: Conversation[] | null;
  groups: Group[] | null;
}

async function fetchLists(): Promise<Fetched> {
  const [c, g] = await Promise.allSettled([getConversations(true), listGroups()]);
  if (c.status === 'rejected') notify.error(c.reason, ERROR_TEXTS.conversation.list);
  if (g.status === 'rejected') notify.error(g.reason, ERROR_TEXTS.group.list);
  return {
    conversations: c.status === 'fulfilled' ? c.value.data : null,
    groups: g.status === 'fulfilled' ? g.value.data : null,
  };
}

const isMember = (group: Group, meId: string) => group.members.some((m) => m.id === meId);

/** A live change of the lists (a message, a read, a rename...), as the updaters React's setters take. */
interface LiveChange {
  conversations?: (list: Conversation[]) => Conversation[];
  groups?: (list: Group[]) => Group[];
}

/**
 * The conversations and groups of the sidebar, kept live from the bus: new conversations and
 * groups, group changes and every message (SPEC section 4). `openId` is the open chat, whose
 * unread count stays 0.
 */
export function useChatList(meId: string, openId: string | null): ChatListState {
  const [conversations, setConversations] = useState<Conversation[]>([]);
  const [groups, setGroups] = useState<Group[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [fetchedOpenUnread, setFetchedOpenUnread] = useState<{ id: string; unread: number } | null>(null);
  // Read by the bus handlers, which are registered once.
  const latest = useRef({ openId, conversations, groups });
  useLayoutEffect(() => {
    latest.current = { openId, conversations, groups };
  });

  // A fetch answers with the lists as they were when the server read them: a message that came
  // live while it was on its way would be undone by it (its count, its preview). Each fetch in
  // flight keeps the live changes made meanwhile, and they are applied again on its answer; they
  // are idempotent on what the answer already holds (a message not newer than the chat's last one
  // changes nothing).
  const inFlight = useRef(new Set<LiveChange[]>());
  const live = useCallback((change: LiveChange) => {
    if (change.conversations) setConversations(change.conversations);
    if (change.groups) setGroups(change.groups);
    inFlight.current.forEach((changes) => changes.push(change));
  }, []);

  // A transition: the whole list renders in slices that let the browser paint and take input in
  // between, instead of one long task on a phone's first visit (issue 18).
  const applyFetched = useCallback((fetched: Fetched, meanwhile: LiveChange[]) => {
    const open = latest.current.openId;
    const replay = <T>(list: T[], pick: (change: LiveChange) => ((list: T[]) => T[]) | undefined) =>
      meanwhile.reduce((current, change) => pick(change)?.(current) ?? current, list);
    const openEntry = open ? [...(fetched.conversations ?? []), ...(fetched.groups ?? [])].find((c) => c.id === open) : undefined;
    startTransition(() => {
      setFetchedOpenUnread(open && openEntry ? { id: open, unread: openEntry.unreadMessages ?? 0 } : null);
      if (fetched.conversations) {
        const conversations = replay(fetched.conversations, (change) => change.conversations);
        setConversations(open ? clearUnread(conversations, open) : conversations);
      }
      if (fetched.groups) {
        const groups = replay(fetched.groups, (change) => change.groups);
        setGroups(open ? clearGroupUnread(groups, open) : groups);
      }
      setFailed(!fetched.conversations || !fetched.groups);
      setLoading(false);
    });
  }, []);

  /** Fetches both lists; `isCurrent` false drops the answer (the screen went away). */
  const fetchAndApply = useCallback(
    (isCurrent: () => boolean = () => true) => {
      const meanwhile: LiveChange[] = [];
      inFlight.current.add(meanwhile);
      void fetchLists().then((fetched) => {
        inFlight.current.delete(meanwhile);
        if (isCurrent()) applyFetched(fetched, meanwhile);
      });
    },
    [applyFetched],
  );

  const reload = useCallback(() => {
    setLoading(true);
    fetchAndApply();
  }, [fetchAndApply]);

  const applyMessage = useCallback(
    (message: Message) => {
      const { conversations: cs, groups: gs, openId: open } = latest.current;
      const known = message.conversationId
        ? cs.some((c) => c.id === message.conversationId)
        : gs.some((g) => g.id === message.groupId);
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
    [meId, reload, live],
  );

  const upsertConversation = useCallback(
    (c: Conversation) => {
      const open = latest.current.openId;
      live({ conversations: (list) => upsertById(list, open === c.id ? { ...c, unreadMessages: 0 } : c) });
    },
    [live],
  );
  const upsertGroup = useCallback(
    (g: Group) => live({ groups: (list) => (isMember(g, meId) ? upsertById(list, g) : list.filter((x) => x.id !== g.id)) }),
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
      subscribe(eventBus, 'group::updated', upsertGroup),
      subscribe(eventBus, 'message', applyMessage),
      // My reading in another tab clears the count here too (SPEC section 4: the same in every tab).
      subscribe(eventBus, 'message:read:response', (response) =>
        live({ conversations: (list) => applyReadResponse(list, response, meId) }),
      ),
      subscribe(eventBus, 'socket:reconnected', reload),
      // Issue 15: an edit or delete of a last message changes its preview; silence follows my tabs;
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
      // A colleague's new name or photo shows at once in the list (issue 12).
      subscribe(eventBus, 'user:updated', (user) =>
        live({
          conversations: (list) => mapChanged(list, (c) => userInConversation(c, user)),
          groups: (list) => mapChanged(list, (g) => userInGroup(g, user)),
        }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [upsertConversation, upsertGroup, applyMessage, reload, meId, live]);

  useEffect(() => {
    let cancelled = false;
    fetchAndApply(() => !cancelled);
    return () => {
      cancelled = true;
    };
  }, [fetchAndApply]);

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

  return { conversations, groups, loading, failed, reload, upsertConversation, upsertGroup, applyMessage, markRead, fetchedOpenUnread };
}
