import { useEffect, useRef, useState } from 'react';
import { eventBus, subscribe } from '@chat/event-bus';

/**
 * The unread total for the 'Conversas' tab badge. remote-chat owns the chat list and publishes its
 * total on the bus ('chat:unread-total'); while it is not mounted (team or settings open), the
 * shell adds each incoming direct message from someone else (docs/produto.md, Regras de conversa:
 * only conversations count, groups show 0) until remote-chat mounts again and publishes the real
 * figure.
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
        if (!shown.current && message.conversationId && message.authorId !== meId) setCount((n) => n + 1);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [meId]);

  return count;
}
