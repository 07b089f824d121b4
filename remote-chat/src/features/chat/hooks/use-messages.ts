import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { getMessagesByConversation, getMessagesByGroup, type HistoryPaging, type MessagePage } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, type Message, type MessageReactionEvent, type ReplyQuote, type SendMessageBody } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { localDataFor } from '@chat/outbox';
import type { ChatKind } from '../../../shared/chat-types';
import { useOutboxEntries, useOutboxProgress } from '../../../shared/local-data';
import { notify } from '@chat/ui';
import { mapChanged, userInMessage } from '../../../shared/user-updates';
import { mergeMessages, prependPage, upsertMessage, withReactions, type ChatMessage } from '../lib/merge-messages';
import { type HistoryWindow, useHistoryWindow } from './use-history-window';
import { withOutbox } from '../lib/outbox-messages';

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
  /** Resolves once the message is kept in the outbox (its bubble is there). */
  send: (text: string, extra?: SendExtra) => Promise<void>;
  /** An edit, a delete (the server's answer or its socket event) put in place. */
  apply: (message: Message) => void;
  applyReactions: (event: MessageReactionEvent) => void;
  /**
   * An image, kept in the outbox with its file until the server has the message: uploaded and sent
   * from there, so a reload or a lost connection mid-upload loses nothing. Resolves once it is kept.
   */
  sendImage: (file: File, caption?: string) => Promise<void>;
  /** A file of any kind, kept and uploaded like an image. */
  sendFile: (file: File) => Promise<void>;
  /** A recorded voice note and its length. */
  sendVoiceNote: (recording: Blob, durationMs: number) => Promise<void>;
  /** 'Cancelar' on a message still uploading: it stops and leaves the outbox. */
  cancelUpload: (clientId: string) => void;
  /** 'Tentar novamente' on a refused message: back in the outbox's queue, same clientId. */
  retry: (clientId: string) => void;
  /** The window opened at a search hit, paged forward until it joins the live end. */
  newer: HistoryWindow;
  /** 'Apagar' on a refused message. */
  discard: (clientId: string) => void;
}

type OutboxContent = SendMessageBody['content'];

/** A type as the upload sends it: no parameters ('audio/webm;codecs=opus' is 'audio/webm'), lower case. */
const uploadMimeType = (type: string) => type.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';

/** A reply's quote and a group message's mentions. */
export interface SendExtra {
  replyTo?: ReplyQuote | null;
  mentions?: string[];
}

async function fetchPage(kind: ChatKind, id: string, paging: HistoryPaging): Promise<MessagePage | null> {
  try {
    const { data } = await (kind === 'group' ? getMessagesByGroup(id, paging) : getMessagesByConversation(id, paging));
    return data;
  } catch (error) {
    notify.error(error, ERROR_TEXTS.message.list);
    return null;
  }
}

const belongsTo = (message: Message, kind: ChatKind, id: string) =>
  kind === 'group' ? message.groupId === id : message.conversationId === id;

/**
 * History and sending for one open chat (mount it per chat: state starts empty). Sending is
 * optimistic (docs/produto.md, Regras de conversa): a PENDING entry at once with a client-generated
 * clientId, replaced by the server's message. The entry is kept in the outbox until the server has
 * it and is sent again (same clientId, so never twice) when the connection returns; a refusal stays
 * visible with 'Tentar novamente' and 'Apagar'.
 */
export function useMessages(
  kind: ChatKind,
  chatId: string,
  me: Me,
  onSent?: (message: Message) => void,
  /** Open the history around this message instead of at the newest page. */
  focusMessageId?: string | null,
): MessagesState {
  // The open chat's window of history is a store of its own, not a query: it is not one answer
  // to one request but pages fetched both ways (older, newer from a search hit), live messages
  // merged by id or held back while the window is detached, and a catch-up page merged into what
  // is shown rather than replacing it. A query's data is replaced by each fetch; here that would
  // drop or duplicate what came live meanwhile. It starts empty on each mount, like the chat.
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
    void fetchPage(kind, chatId, { before: oldest.id, limit: LIMITS.historyPageSize }).then((page) => applyPage(page, true));
  }, [kind, chatId, applyPage]);

  // Every message goes through the user's outbox (IndexedDB) before it is sent, so
  // that none is lost offline, on a reload or without an answer; its bubble comes from there
  // (withOutbox) until the server's message takes its place.
  const local = localDataFor(me.id);
  const enqueue = useCallback(
    async (content: OutboxContent, clientId: string, extra: SendExtra = {}, file?: File, folder?: 'files') => {
      try {
        await local.enqueue({
          clientId,
          chatKind: kind,
          chatId,
          content,
          replyTo: extra.replyTo ?? null,
          mentions: extra.mentions ?? [],
          file: file ? { blob: file, name: file.name, type: file.type, ...(folder ? { folder } : {}) } : null,
        });
      } catch (error) {
        // The browser would not store it (storage full, blocked): say so rather than lose it quietly.
        notify.error(error, ERROR_TEXTS.message.send);
      }
    },
    [local, kind, chatId],
  );

  const send = useCallback(
    (text: string, extra?: SendExtra) => enqueue({ type: 'text', body: text }, crypto.randomUUID(), extra),
    [enqueue],
  );

  const sendImage = useCallback(
    (file: File, caption?: string) => enqueue({ type: 'image', body: '', ...(caption ? { caption } : {}) }, crypto.randomUUID(), {}, file),
    [enqueue],
  );

  // The size and type are the browser's guess until the server answers with the stored ones.
  const sendFile = useCallback(
    (file: File) =>
      enqueue(
        { type: 'file', body: '', fileName: file.name || 'arquivo', size: file.size, mimeType: uploadMimeType(file.type) },
        crypto.randomUUID(),
        {},
        file,
        'files',
      ),
    [enqueue],
  );

  const sendVoiceNote = useCallback(
    (recording: Blob, durationMs: number) => {
      const mimeType = recording.type ? uploadMimeType(recording.type) : 'audio/webm';
      const file = new File([recording], `mensagem-de-voz.${mimeType === 'audio/ogg' ? 'ogg' : 'weba'}`, { type: mimeType });
      return enqueue(
        { type: 'audio', body: '', fileName: file.name, size: file.size, mimeType, durationMs: Math.max(1, Math.round(durationMs)) },
        crypto.randomUUID(),
        {},
        file,
        'files',
      );
    },
    [enqueue],
  );

  const cancelUpload = useCallback((clientId: string) => void local.runner.cancel(clientId), [local]);

  // The server has one of this chat's outbox messages: into the history, before its entry leaves.
  useEffect(
    () =>
      local.runner.onSent((message, entry) => {
        if (entry.chatKind !== kind || entry.chatId !== chatId) return;
        setMessages((list) => upsertMessage(list, message));
        latest.current.onSent?.(message);
      }),
    [local, kind, chatId],
  );

  const apply = useCallback(
    (message: Message) => {
      if (belongsTo(message, kind, chatId))
        setMessages((list) => (list.some((m) => m.id === message.id) ? upsertMessage(list, message) : list));
    },
    [kind, chatId],
  );

  const applyReactions = useCallback((event: MessageReactionEvent) => setMessages((list) => withReactions(list, event)), []);

  const retry = useCallback((clientId: string) => void local.retry(clientId), [local]);

  const discard = useCallback((clientId: string) => void local.outbox.remove(clientId), [local]);

  useEffect(() => {
    const offs = [
      subscribe(eventBus, 'message', (message) => {
        if (belongsTo(message, kind, chatId) && !hold(message)) setMessages((list) => upsertMessage(list, message));
      }),
      // Edits, deletes and reactions, from any tab of anyone in the chat.
      subscribe(eventBus, 'message:updated', apply),
      subscribe(eventBus, 'message:deleted', apply),
      subscribe(eventBus, 'message:reaction', applyReactions),
      // Anything sent while the socket was away arrives with the latest page.
      // (A detached window gets them by paging forward instead: the latest page would leave a gap.)
      subscribe(eventBus, 'socket:reconnected', () => {
        if (!isDetached()) loadLatest();
      }),
      // Bubbles show their author's new name and photo at once.
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

  const unsent = useOutboxEntries(me.id);
  const progress = useOutboxProgress(me.id);
  const { name, avatarUrl } = me;
  const shown = useMemo(
    () => withOutbox(messages, unsent, { id: me.id, name, avatarUrl }, kind, chatId, progress),
    [messages, unsent, me.id, name, avatarUrl, kind, chatId, progress],
  );

  return {
    messages: shown,
    loading,
    hasMore,
    loadingOlder,
    loadOlder,
    send,
    apply,
    applyReactions,
    sendImage,
    sendFile,
    sendVoiceNote,
    cancelUpload,
    retry,
    discard,
    newer,
  };
}
