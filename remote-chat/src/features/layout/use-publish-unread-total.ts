import { useEffect } from 'react';
import type { Conversation } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';

/**
 * Tells the shell the list's unread total whenever it changes, for the phone tab bar's badge
 * (issue 13). Conversations only: SPEC section 2 shows groups' counts as 0.
 */
export function usePublishUnreadTotal(conversations: Conversation[]): void {
  const count = conversations.reduce((sum, c) => sum + c.unreadMessages, 0);
  useEffect(() => {
    eventBus.emit('chat:unread-total', { count });
  }, [count]);
}
