import { useCallback, useEffect, useRef } from 'react';
import type { ReplyQuote } from '@chat/contracts';
import { type Draft, draftKey, localDataFor } from '@chat/outbox';
import type { ChatKind } from '../../../shared/chat-types';
import { useDrafts } from '../../../shared/local-data';

/** Typing is saved this long after the last key; emptying the box (sending) at once. */
const SAVE_DELAY_MS = 300;

export interface ChatDraft {
  /** The stored draft, once the user's drafts are read (undefined: none). */
  draft: Draft | undefined;
  /** The box's text as it would be sent (mentions as tokens). */
  setText: (text: string) => void;
  setReply: (replyTo: ReplyQuote | null) => void;
}

/**
 * Issue 16: what is typed in this chat's box (and the reply being written), kept per user and
 * per chat in the browser, so that it is there after switching chats, a reload or days later.
 * Saves are debounced, and flushed when the chat closes or the page is hidden (a reload).
 */
export function useChatDraft(userId: string, kind: ChatKind, chatId: string): ChatDraft {
  const key = draftKey(kind, chatId);
  const draft = useDrafts(userId).get(key);
  const current = useRef<{ text: string; replyTo: ReplyQuote | null }>({ text: draft?.text ?? '', replyTo: draft?.replyTo ?? null });
  const unsaved = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (!unsaved.current) return;
    unsaved.current = false;
    void localDataFor(userId).drafts.save(key, current.current.text, current.current.replyTo);
  }, [userId, key]);

  const changed = useCallback(() => {
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

  // Drafts read after the chat opened: start from the stored one unless the user already typed.
  useEffect(() => {
    if (draft && !unsaved.current && current.current.text === '' && !current.current.replyTo) {
      current.current = { text: draft.text, replyTo: draft.replyTo };
    }
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

  return { draft, setText, setReply };
}
