import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReplyQuote } from '@chat/contracts';
import { type Draft, draftKey, localDataFor } from '@chat/outbox';
import type { ChatKind } from '../../../shared/chat-types';
import { useDrafts } from '../../../shared/local-data';

/** Typing is saved this long after the last key; emptying the box (sending) at once. */
const SAVE_DELAY_MS = 300;

export interface ChatDraft {
  /**
   * The stored draft to put back in the box: the one read from the browser before anything was
   * typed or chosen here (undefined: none, not read yet, or the user got there first).
   */
  restored: Draft | undefined;
  /** The box's text as it would be sent (mentions as tokens). */
  setText: (text: string) => void;
  setReply: (replyTo: ReplyQuote | null) => void;
}

/**
 * What is typed in this chat's box (and the reply being written), kept per user and
 * per chat in the browser, so that it is there after switching chats, a reload or days later.
 * Saves are debounced, and flushed when the chat closes or the page is hidden (a reload).
 */
export function useChatDraft(userId: string, kind: ChatKind, chatId: string): ChatDraft {
  const key = draftKey(kind, chatId);
  const draft = useDrafts(userId).get(key);
  // Known at mount when the drafts were already read (the usual case after the first chat).
  const [restored, setRestored] = useState<Draft | undefined>(draft);
  const current = useRef<{ text: string; replyTo: ReplyQuote | null }>({ text: draft?.text ?? '', replyTo: draft?.replyTo ?? null });
  /** Something was typed, chosen or restored here: from then on the box, not the store, is the truth. */
  const touched = useRef(draft !== undefined);
  const unsaved = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (!unsaved.current) return;
    unsaved.current = false;
    void localDataFor(userId).drafts.save(key, current.current.text, current.current.replyTo);
  }, [userId, key]);

  const changed = useCallback(() => {
    touched.current = true;
    unsaved.current = true;
    clearTimeout(timer.current);
    const { text, replyTo } = current.current;
    if (text.trim() === '' && !replyTo) flush();
    else timer.current = setTimeout(flush, SAVE_DELAY_MS);
  }, [flush]);

  const setText = useCallback(
    (text: string) => {
      current.current = { ...current.current, text };
      changed();
    },
    [changed],
  );

  const setReply = useCallback(
    (replyTo: ReplyQuote | null) => {
      current.current = { ...current.current, replyTo };
      changed();
    },
    [changed],
  );

  // The drafts are read from IndexedDB after the chat opens. Only a draft that arrives before the
  // box was touched is put back: a later one is this box's own save coming back from the store
  // (a message typed, saved, then sent before the save was written), and putting it back would
  // refill the box with what was just sent (CI caught that under load).
  useEffect(() => {
    if (!draft || touched.current) return;
    touched.current = true;
    current.current = { text: draft.text, replyTo: draft.replyTo };
    setRestored(draft);
  }, [draft]);

  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { restored, setText, setReply };
}
