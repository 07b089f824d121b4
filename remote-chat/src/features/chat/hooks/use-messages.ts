import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  getMessagesByConversation,
  getMessagesByGroup,
  sendMessage,
  type HistoryPaging,
  type MessagePage,
} from '@chat/api-client';
import {
  ERROR_TEXTS,
  LIMITS,
  type Message,
  type MessageReactionEvent,
  type ReplyQuote,
  type SendMessageBody,
  untouchedMessageFields,
} from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatKind } from '../../../shared/chat-types';
import { notifyError } from '../../../shared/notify-error';
import { mapChanged, userInMessage } from '../../../shared/user-updates';
import {
  mergeMessages,
  prependPage,
  updateByClientId,
  upsertMessage,
  withReactions,
  type ChatMessage,
} from '../lib/merge-messages';
import { type HistoryWindow, useHistoryWindow } from './use-history-window';

export interface Me {
  id: string;
  name: string;
  avatarUrl?: string | null;
}

export interface MessagesState {
  messages: ChatMessage[];
  loading: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  send: (text: string, extra?: SendExtra) => void;
  /** An edit, a delete (the server's answer or its socket event) put in place. */
  apply: (message: Message) => void;
  applyReactions: (event: MessageReactionEvent) => void;
  /** Sends an uploaded image's public URL, under the clientId its upload bubble already had. */
  sendImage: (publicUrl: string, clientId: string) => void;
  retry: (clientId: string) => void;
  /** Issue 16: the window opened at a search hit, paged forward until it joins the live end. */
  newer: HistoryWindow;
}

type OutgoingContent = SendMessageBody['content'];

/** A reply's quote and a group message's mentions (issue 15). */
export interface SendExtra {
  replyTo?: ReplyQuote | null;
  mentions?: string[];
}

async function fetchPage(kind: ChatKind, id: string, paging: HistoryPaging): Promise<MessagePage | null> {
  try {
    const { data } = await (kind === 'group' ? getMessagesByGroup(id, paging) : getMessagesByConversation(id, paging));
    return data;
  } catch (error) {
    notifyError(error, ERROR_TEXTS.message.list);
    return null;
  }
}

const belongsTo = (message: Message, kind: ChatKind, id: string) =>
  kind === 'group' ? message.groupId === id : message.conversationId === id;

function optimisticMessage(me: Me, kind: ChatKind, chatId: string, content: OutgoingContent, clientId: string, extra: SendExtra): ChatMessage {
  const now = new Date().toISOString();
  return {
    id: `local:${clientId}`,
    authorId: me.id,
    author: { id: me.id, name: me.name, avatarUrl: me.avatarUrl ?? null },
    content: { id: `local:${clientId}`, ...content },
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
    conversationId: kind === 'conversation' ? chatId : null,
    groupId: kind === 'group' ? chatId : null,
    ...untouchedMessageFields(),
    replyTo: extra.replyTo ?? null,
    mentions: extra.mentions ?? [],
    clientId,
  };
}

/**
 * History and sending for one open chat (mount it per chat: state starts empty). Sending is
 * optimistic (SPEC section 4): a PENDING entry at once with a client-generated clientId, replaced
 * by the server's message; a failure stays visible, and its retry reuses the same clientId so that
 * the server's idempotency never creates a second copy.
 */
export function useMessages(
  kind: ChatKind,
  chatId: string,
  me: Me,
  onSent?: (message: Message) => void,
  /** Issue 16: open the history around this message instead of at the newest page. */
  focusMessageId?: string | null,
): MessagesState {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // Read by callbacks that must not change identity on every render.
  const latest = useRef({ messages, hasMore, loadingOlder, me, onSent });
  useLayoutEffect(() => {
    latest.current = { messages, hasMore, loadingOlder, me, onSent };
  });

  const applyPage = useCallback((page: MessagePage | null, older: boolean) => {
    if (page) {
      setMessages((list) => (older ? prependPage(list, page.messages) : mergeMessages(list, page.messages)));
      setHasMore(page.hasMore ?? page.messages.length >= LIMITS.historyPageSize);
    }
    if (older) setLoadingOlder(false);
    else setLoading(false);
  }, []);

  const fetchChatPage = useCallback((paging: HistoryPaging) => fetchPage(kind, chatId, paging), [kind, chatId]);
  const newer = useHistoryWindow(fetchChatPage, setMessages, setHasMore);
  const { hold, isDetached, track } = newer;

  const loadLatest = useCallback(
    () => void fetchPage(kind, chatId, { limit: LIMITS.historyPageSize }).then((page) => applyPage(page, false)),
    [kind, chatId, applyPage],
  );

  const loadOlder = useCallback(() => {
    const { messages: list, hasMore: more, loadingOlder: busy } = latest.current;
    const oldest = list.find((m) => !m.id.startsWith('local:'));
    if (!more || busy || !oldest) return;
    latest.current.loadingOlder = true;
    setLoadingOlder(true);
    void fetchPage(kind, chatId, { before: oldest.id, limit: LIMITS.historyPageSize }).then((page) =>
      applyPage(page, true),
    );
  }, [kind, chatId, applyPage]);

  const deliver = useCallback(
    async (content: OutgoingContent, clientId: string, extra: SendExtra) => {
      try {
        const { data } = await sendMessage({
          conversationId: chatId,
          isGroup: kind === 'group',
          content,
          clientId,
          ...(extra.replyTo ? { replyToId: extra.replyTo.id } : {}),
          ...(extra.mentions?.length ? { mentions: extra.mentions } : {}),
        });
        setMessages((list) => upsertMessage(list, data));
        latest.current.onSent?.(data);
      } catch (error) {
        setMessages((list) => updateByClientId(list, clientId, { failed: true }));
        notifyError(error, ERROR_TEXTS.message.send);
      }
    },
    [kind, chatId],
  );

  const sendContent = useCallback(
    (content: OutgoingContent, clientId: string, extra: SendExtra = {}) => {
      setMessages((list) => [...list, optimisticMessage(latest.current.me, kind, chatId, content, clientId, extra)]);
      void deliver(content, clientId, extra);
    },
    [kind, chatId, deliver],
  );

  const send = useCallback(
    (text: string, extra?: SendExtra) => sendContent({ type: 'text', body: text }, crypto.randomUUID(), extra),
    [sendContent],
  );

  const sendImage = useCallback(
    (publicUrl: string, clientId: string) => sendContent({ type: 'image', body: publicUrl }, clientId),
    [sendContent],
  );

  const apply = useCallback(
    (message: Message) => {
      if (belongsTo(message, kind, chatId)) setMessages((list) => (list.some((m) => m.id === message.id) ? upsertMessage(list, message) : list));
    },
    [kind, chatId],
  );

  const applyReactions = useCallback((event: MessageReactionEvent) => setMessages((list) => withReactions(list, event)), []);

  const retry = useCallback(
    (clientId: string) => {
      const entry = latest.current.messages.find((m) => m.clientId === clientId && m.failed);
      if (!entry) return;
      setMessages((list) => updateByClientId(list, clientId, { failed: false }));
      void deliver({ type: entry.content.type, body: entry.content.body }, clientId, { replyTo: entry.replyTo, mentions: entry.mentions });
    },
    [deliver],
  );

  useEffect(() => {
    const offs = [
      subscribe(eventBus, 'message', (message) => {
        if (belongsTo(message, kind, chatId) && !hold(message)) setMessages((list) => upsertMessage(list, message));
      }),
      // Issue 15: edits, deletes and reactions, from any tab of anyone in the chat.
      subscribe(eventBus, 'message:updated', apply),
      subscribe(eventBus, 'message:deleted', apply),
      subscribe(eventBus, 'message:reaction', applyReactions),
      // Anything sent while the socket was away arrives with the latest page.
      // (A detached window gets them by paging forward instead: the latest page would leave a gap.)
      subscribe(eventBus, 'socket:reconnected', () => {
        if (!isDetached()) loadLatest();
      }),
      // Bubbles show their author's new name and photo at once (issue 12).
      subscribe(eventBus, 'user:updated', (user) => setMessages((list) => mapChanged(list, (m) => userInMessage(m, user)))),
    ];
    return () => offs.forEach((off) => off());
  }, [kind, chatId, loadLatest, apply, applyReactions, hold, isDetached]);

  useEffect(() => {
    let cancelled = false;
    const latestPage = () => fetchPage(kind, chatId, { limit: LIMITS.historyPageSize });
    // A hit that is gone (deleted meanwhile) opens the chat at its newest page after the error toast.
    const first = focusMessageId
      ? fetchPage(kind, chatId, { around: focusMessageId, limit: LIMITS.historyPageSize }).then((page) => page ?? latestPage())
      : latestPage();
    void first.then((page) => {
      if (cancelled) return;
      applyPage(page, false);
      if (page) track(page);
    });
    return () => {
      cancelled = true;
    };
  }, [kind, chatId, applyPage, focusMessageId, track]);

  return { messages, loading, hasMore, loadingOlder, loadOlder, send, apply, applyReactions, sendImage, retry, newer };
}
