import { useEffect, useState } from 'react';
import { firstUnreadId } from '../lib/unread';
import type { MessagesState } from './use-messages';

/** How many older pages may be fetched to reach the first unread message before giving up on the line. */
const MAX_PAGES = 10;

/**
 * Issue 16: the message the 'Mensagens não lidas' line goes above, fixed once found (reading the
 * chat does not move it while it stays open). `unread` is the count the chat list had when the
 * chat opened; older pages are fetched while fewer messages of others are loaded than that.
 * Undefined until known: the list waits for it before its first scroll.
 */
export function useUnreadStart(history: MessagesState, meId: string, unread: number): string | null | undefined {
  const [found, setFound] = useState<string | null | undefined>(undefined);
  const [pages, setPages] = useState(0);
  const { loading, messages, hasMore, loadingOlder, loadOlder } = history;

  useEffect(() => {
    if (found !== undefined || loading || loadingOlder) return;
    const id = firstUnreadId(messages, meId, unread);
    if (id !== undefined) setFound(id);
    else if (hasMore && pages < MAX_PAGES) {
      setPages((n) => n + 1);
      loadOlder();
    } else setFound(messages.find((m) => m.authorId !== meId)?.id ?? null);
  }, [found, loading, loadingOlder, messages, hasMore, pages, meId, unread, loadOlder]);

  return found;
}
