import { useEffect, useRef, useState } from 'react';
import { countsTowardUnread } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';

/**
 * The unread total for the 'Conversas' tab badge. remote-chat owns the chat list and publishes its
 * total on the bus ('chat:unread-total'); while it is not mounted (team or settings open), the
 * shell adds each incoming message from someone else, of a conversation or a group, of a type
 * that counts as unread (docs/produto.md, Regras de conversa), until remote-chat mounts again and
 * publishes the real figure.
 */
export function useUnreadTotal(meId: string | null, chatListShown: boolean): number {
  const [count, setCount] = useState(0);
  const shown = useRef(chatListShown);
  useEffect(() => {
    shown.current = chatListShown;
  }, [chatListShown]);

  useEffect(() => {
    if (!meId) return;
    const offs = [
      subscribe(eventBus, 'chat:unread-total', ({ count: total }) => setCount(total)),
      subscribe(eventBus, 'message', (message) => {
        if (!shown.current && message.authorId !== meId && countsTowardUnread(message.content.type)) setCount((n) => n + 1);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [meId]);

  return count;
}
