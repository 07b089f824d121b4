import { useEffect, useMemo, useState } from 'react';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatMessage } from '../lib/merge-messages';
import { ReadCoalescer } from '../lib/read-coalescer';
import { mergeOverrides, type StatusOverrides, withOverrides } from '../lib/receipts';
import { useReadShown } from './use-read-shown';

const readGroup = (groupId: string, lastMessageId: string) =>
  eventBus.emit('socket:emit', { event: 'group:read', payload: { groupId, lastMessageId } });

/**
 * Read state of an open group: what it shows is read on the server (useReadShown: on opening, on
 * every message arriving while it is open, after an outage), at most one `group:read` a second
 * (ReadCoalescer; the last one always goes, at the latest when the group closes or the page is
 * hidden); my messages turn READ (the highlighted tick) only when every current member has read
 * them (completedIds). Pass null for a conversation.
 */
export function useGroupReceipts(groupId: string | null, meId: string, messages: ChatMessage[]): ChatMessage[] {
  const [overrides, setOverrides] = useState<StatusOverrides>({});
  const shown = useMemo(() => withOverrides(messages, overrides), [messages, overrides]);
  const [reads] = useState(() => new ReadCoalescer(readGroup));

  useReadShown(groupId, meId, messages, (id, lastMessageId) => reads.read(id, lastMessageId));

  useEffect(() => {
    if (!groupId) return;
    const flush = () => reads.flush(groupId);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [groupId, reads]);

  useEffect(() => {
    if (!groupId) return;
    return subscribe(eventBus, 'message:receipt', (receipt) => {
      if (receipt.groupId !== groupId || receipt.completedIds.length === 0) return;
      setOverrides((current) => mergeOverrides(current, Object.fromEntries(receipt.completedIds.map((id) => [id, 'READ' as const]))));
    });
  }, [groupId]);

  return shown;
}
