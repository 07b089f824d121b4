import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PresenceStatus } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatMessage } from '../lib/merge-messages';
import { deliveredToPeer, mergeOverrides, readByPeer, withOverrides, type StatusOverrides } from '../lib/receipts';
import { useReadShown } from './use-read-shown';

const read = (conversationId: string, lastMessageId: string, first: boolean) =>
  eventBus.emit('socket:emit', { event: first ? 'message:read:all' : 'message:read', payload: { conversationId, lastMessageId } });

/**
 * Delivery and read receipts of an open conversation (docs/produto.md, Regras de conversa), both
 * ways:
 * - mine: what the open conversation shows is read (useReadShown), an incoming message at once;
 * - theirs: the peer coming online makes my SENT messages DELIVERED, their read confirmation makes
 *   my messages READ (up to the newest they were shown).
 * Returns the history with those statuses. Groups have no receipts: pass null ids.
 */
export function useReadReceipts(
  conversationId: string | null,
  peerId: string | null,
  meId: string,
  messages: ChatMessage[],
): ChatMessage[] {
  const [overrides, setOverrides] = useState<StatusOverrides>({});
  const shown = useMemo(() => withOverrides(messages, overrides), [messages, overrides]);
  const latest = useRef(shown);
  useLayoutEffect(() => {
    latest.current = shown;
  });
  // My messages as the socket echoed them. A read confirmation can arrive before the history has
  // re-rendered with my message's server copy (still PENDING in `latest`); the echo reached this
  // connection before that confirmation, so it is known here. Never more than one chat's worth.
  const echoed = useRef(new Map<string, ChatMessage>());

  useReadShown(peerId ? conversationId : null, meId, messages, read);

  useEffect(() => {
    if (!conversationId || !peerId) return;
    const known = () => [...latest.current, ...echoed.current.values()];
    const promote = (change: StatusOverrides) => {
      if (Object.keys(change).length > 0) setOverrides((current) => mergeOverrides(current, change));
    };
    const onPresence = ({ userId, status }: { userId: string; status: PresenceStatus }) => {
      // The server marks my messages DELIVERED when the peer connects: online now means they are.
      if (userId === peerId && status === 'online') promote(deliveredToPeer(known(), meId));
    };
    const offs = [
      subscribe(eventBus, 'message', (message) => {
        if (message.conversationId !== conversationId) return;
        if (message.authorId === meId) echoed.current.set(message.id, message);
      }),
      subscribe(eventBus, 'message:read:response', ({ conversationId: id, readerId, readUpTo }) => {
        // readerId === me is my own reading in another tab: my messages are unchanged.
        if (id === conversationId && readerId !== meId) promote(readByPeer(known(), meId, readUpTo));
      }),
      subscribe(eventBus, 'userStatus', onPresence),
      subscribe(eventBus, 'userStatusResponse', onPresence),
    ];
    return () => offs.forEach((off) => off());
  }, [conversationId, peerId, meId]);

  return shown;
}
