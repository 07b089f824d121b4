import { useEffect } from 'react';
import type { ChatSummary } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';

/**
 * Tells the shell the unread total of the whole list (not only its loaded pages) whenever it
 * changes, for the 'Conversas' badge: the unread messages of conversations and groups, as the
 * list's rows count them. Nothing is said before the first answer, so that the shell's own count
 * is not reset to 0 meanwhile.
 */
export function usePublishUnreadTotal(summary: ChatSummary | undefined): void {
  const count = summary?.unreadMessages;
  useEffect(() => {
    if (count !== undefined) eventBus.emit('chat:unread-total', { count });
  }, [count]);
}

/**
 * Tells the shell which chats I silenced, over the whole list, so that its notifications leave
 * them out; nothing before the first answer (the shell keeps what it knew).
 */
export function usePublishMutedChats(summary: ChatSummary | undefined): void {
  const ids = summary && [...summary.mutedConversationIds, ...summary.mutedGroupIds].sort().join(' ');
  useEffect(() => {
    if (ids !== undefined) eventBus.emit('chat:muted-chats', { ids: ids ? ids.split(' ') : [] });
  }, [ids]);
}
