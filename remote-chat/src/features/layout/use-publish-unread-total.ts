import { useEffect } from 'react';
import type { Conversation, Group } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';

/**
 * Tells the shell the list's unread total whenever it changes, for the phone tab bar's badge
 *. Conversations only: the list shows groups' counts as 0 (docs/produto.md, Regras de conversa).
 */
export function usePublishUnreadTotal(conversations: Conversation[]): void {
  const count = conversations.reduce((sum, c) => sum + c.unreadMessages, 0);
  useEffect(() => {
    eventBus.emit('chat:unread-total', { count });
  }, [count]);
}

/** Tells the shell which chats I silenced, so that its notifications leave them out. */
export function usePublishMutedChats(conversations: Conversation[], groups: Group[]): void {
  const ids = [...conversations, ...groups]
    .filter((c) => c.muted)
    .map((c) => c.id)
    .sort()
    .join(' ');
  useEffect(() => {
    eventBus.emit('chat:muted-chats', { ids: ids ? ids.split(' ') : [] });
  }, [ids]);
}
