import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from 'react';
import type { HistoryPaging, MessagePage } from '@chat/api-client';
import { LIMITS, type Message } from '@chat/contracts';
import { type ChatMessage, isSameMessage, mergeMessages } from '../lib/merge-messages';

// A chat opened at a search hit holds a window of its history that may stop short of
// the newest message ("detached"). Scrolling down pages forward (`after`) until it joins the live
// end. Live messages that arrive meanwhile are held back (appending them would leave a gap under
// the window) and merged when it joins, so none is lost even if it raced the last page.

export interface HistoryWindow {
  /** Newer messages exist on the server beyond the loaded window. */
  hasNewer: boolean;
  loadingNewer: boolean;
  /** Live messages received while detached: the 'novas mensagens' button counts them. */
  heldCount: number;
  /** Puts an `around` or `after` page's cursors in place (joins when it reaches the end). */
  track: (page: MessagePage) => void;
  /** A live message: true when it was held back because the window is detached. */
  hold: (message: Message) => boolean;
  loadNewer: () => void;
  /** Drops the window for the newest page, keeping unsent local entries (sending while detached, or 'novas mensagens'). */
  toLatest: () => Promise<void>;
  isDetached: () => boolean;
}

export function useHistoryWindow(
  fetchPage: (paging: HistoryPaging) => Promise<MessagePage | null>,
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>,
  setHasMore: (hasMore: boolean) => void,
): HistoryWindow {
  const [hasNewer, setHasNewer] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [heldCount, setHeldCount] = useState(0);
  const state = useRef({ detached: false, cursor: null as string | null, busy: false, held: [] as Message[] });

  const join = useCallback(() => {
    const { held } = state.current;
    state.current.held = [];
    setHeldCount(0);
    if (held.length > 0) setMessages((list) => mergeMessages(list, held));
  }, [setMessages]);

  const track = useCallback(
    (page: MessagePage) => {
      const detached = page.hasNewer === true;
      state.current.detached = detached;
      state.current.cursor = page.newerCursor ?? null;
      setHasNewer(detached);
      if (!detached) join();
    },
    [join],
  );

  const hold = useCallback((message: Message) => {
    if (!state.current.detached) return false;
    const held = state.current.held.filter((m) => !isSameMessage(m, message));
    state.current.held = [...held, message];
    setHeldCount(state.current.held.length);
    return true;
  }, []);

  const loadNewer = useCallback(() => {
    const { detached, cursor, busy } = state.current;
    if (!detached || busy || !cursor) return;
    state.current.busy = true;
    setLoadingNewer(true);
    void fetchPage({ after: cursor, limit: LIMITS.historyPageSize }).then((page) => {
      state.current.busy = false;
      setLoadingNewer(false);
      if (!page) return;
      setMessages((list) => mergeMessages(list, page.messages));
      track(page);
    });
  }, [fetchPage, setMessages, track]);

  const toLatest = useCallback(async () => {
    const page = await fetchPage({ limit: LIMITS.historyPageSize });
    if (!page) return;
    setMessages((list) =>
      mergeMessages(
        list.filter((m) => m.status === 'PENDING'),
        page.messages,
      ),
    );
    setHasMore(page.hasMore ?? false);
    track({ ...page, hasNewer: false });
  }, [fetchPage, setMessages, setHasMore, track]);

  const isDetached = useCallback(() => state.current.detached, []);

  return { hasNewer, loadingNewer, heldCount, track, hold, loadNewer, toLatest, isDetached };
}
