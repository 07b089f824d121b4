import { useEffect, useMemo, useState } from 'react';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatMessage } from '../lib/merge-messages';
import { mergeOverrides, type StatusOverrides, withOverrides } from '../lib/receipts';

const readGroup = (groupId: string) => eventBus.emit('socket:emit', { event: 'group:read', payload: { groupId } });

/**
 * Read state of an open group (issue 15): opening it (and every message arriving while it is
 * open, and coming back after an outage) marks it read on the server in one batch; my messages
 * turn READ (the highlighted tick) only when every current member has read them (completedIds).
 * Pass null for a conversation.
 */
export function useGroupReceipts(groupId: string | null, meId: string, messages: ChatMessage[]): ChatMessage[] {
  const [overrides, setOverrides] = useState<StatusOverrides>({});
  const shown = useMemo(() => withOverrides(messages, overrides), [messages, overrides]);

  useEffect(() => {
    if (!groupId) return;
    readGroup(groupId);
    const offs = [
      subscribe(eventBus, 'message', (message) => {
        if (message.groupId === groupId && message.authorId !== meId) readGroup(groupId);
      }),
      subscribe(eventBus, 'message:receipt', (receipt) => {
        if (receipt.groupId !== groupId || receipt.completedIds.length === 0) return;
        setOverrides((current) => mergeOverrides(current, Object.fromEntries(receipt.completedIds.map((id) => [id, 'READ' as const]))));
      }),
      subscribe(eventBus, 'socket:reconnected', () => readGroup(groupId)),
    ];
    return () => offs.forEach((off) => off());
  }, [groupId, meId]);

  return shown;
}
