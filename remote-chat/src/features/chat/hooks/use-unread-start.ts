import { useEffect, useState } from 'react';
import { isSystemMessage } from '@chat/contracts';
import { firstUnreadId } from '../lib/unread';
import type { MessagesState } from './use-messages';

/** How much history may be fetched to reach the first unread message before the line goes above the oldest loaded. */
const MAX_MESSAGES = 500;

/**
 * The message the 'Mensagens não lidas' line goes above, fixed once found (reading the
 * chat does not move it while it stays open). `unread` is the count the chat list had when the
 * chat opened (undefined while the list has not answered yet); older pages are fetched while fewer
 * messages of others are loaded than that. Undefined until known: the list waits for it before
 * its first scroll.
 */
export function useUnreadStart(history: MessagesState, meId: string, unread: number | undefined): string | null | undefined {
  const [found, setFound] = useState<string | null | undefined>(undefined);
  const { loading, messages, hasMore, loadingOlder, loadOlder } = history;
  const settled = found === undefined && unread !== undefined && !loading && !loadingOlder;
  const candidate = settled ? firstUnreadId(messages, meId, unread ?? 0) : undefined;
  const needsOlder = settled && candidate === undefined && hasMore && messages.length < MAX_MESSAGES;

  // Decided during render (React's "adjusting state on a prop change"), so the list never paints without it.
  if (settled && candidate !== undefined) setFound(candidate);
  else if (settled && !needsOlder) setFound(messages.find((m) => m.authorId !== meId && !isSystemMessage(m))?.id ?? null);

  useEffect(() => {
    if (needsOlder) loadOlder();
  }, [needsOlder, loadOlder]);

  return found;
}
