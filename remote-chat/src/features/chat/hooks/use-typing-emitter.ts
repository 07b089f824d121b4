import { useEffect, useMemo, useRef } from 'react';
import { eventBus } from '@chat/event-bus';
import { createTypingTimer, type TypingTimer } from '../lib/typing-timer';

/**
 * The typing signal of an open conversation (docs/produto.md, Regras de conversa): 'user:typing' to
 * the other participant. Leaving the chat (unmount, another route, closing the tab) stops it. For
 * groups, pass nulls: nothing is emitted.
 */
export function useTypingEmitter(conversationId: string | null, peerId: string | null): TypingTimer {
  const current = useRef<TypingTimer | null>(null);

  useEffect(() => {
    if (!conversationId || !peerId) return;
    const timer = createTypingTimer((isTyping) =>
      eventBus.emit('socket:emit', {
        event: 'user:typing',
        payload: { conversationId, isTyping, targetUsersIds: [peerId] },
      }),
    );
    current.current = timer;
    // A closing tab does not unmount React: stop while the socket can still carry it.
    window.addEventListener('pagehide', timer.stop);
    return () => {
      window.removeEventListener('pagehide', timer.stop);
      timer.stop();
      current.current = null;
    };
  }, [conversationId, peerId]);

  return useMemo(
    () => ({
      input: (text: string) => current.current?.input(text),
      stop: () => current.current?.stop(),
    }),
    [],
  );
}
