import { useEffect, useState } from 'react';
import { LIMITS } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';

/**
 * Whether the other participant of an open conversation is typing, from 'user:typing:response'.
 * Forgotten when they go offline, when our connection drops, and LIMITS.typingShownMs after their
 * last start signal (their stop may never reach us; a writer who keeps typing repeats the start).
 */
export function usePeerTyping(conversationId: string | null, peerId: string | null): boolean {
  const [typing, setTyping] = useState<{ key: string; on: boolean } | null>(null);
  const key = `${conversationId}:${peerId}`;

  useEffect(() => {
    if (!conversationId || !peerId) return;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const set = (on: boolean) => {
      clearTimeout(expiry);
      if (on) expiry = setTimeout(() => set(false), LIMITS.typingShownMs);
      setTyping({ key: `${conversationId}:${peerId}`, on });
    };
    const offs = [
      subscribe(eventBus, 'user:typing:response', (payload) => {
        if (payload.conversationId === conversationId && payload.userId === peerId) set(payload.isTyping);
      }),
      subscribe(eventBus, 'userStatus', (payload) => {
        if (payload.userId === peerId && payload.status === 'offline') set(false);
      }),
      subscribe(eventBus, 'socket:status', ({ status }) => {
        if (status !== 'connected') set(false);
      }),
    ];
    return () => {
      clearTimeout(expiry);
      offs.forEach((off) => off());
    };
  }, [conversationId, peerId]);

  return typing?.key === key && typing.on;
}
