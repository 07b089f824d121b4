import { useEffect, useLayoutEffect, useRef } from 'react';
import { isSystemMessage } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatMessage } from '../lib/merge-messages';

/**
 * The newest message of others in the list, as the server stores it (not a send in progress,
 * failed or refused, nor a system line, which nobody has to read): what a read covers. My own messages need no reading, so my sends trigger none.
 */
export function newestToRead(messages: readonly ChatMessage[], meId: string): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.authorId !== meId && !isSystemMessage(m) && m.status !== 'PENDING' && !m.failed && !m.refused && !m.upload) return m.id;
  }
  return null;
}

/**
 * Tells the server that what the open chat shows is read: once its history is on screen, again
 * each time a newer message of others is (one arriving while the chat is open), and after an
 * outage. Each read names the newest such message shown, so one that reaches the server late
 * (sent before the live connection existed, or while it was down) covers only what was shown,
 * never what arrived after the chat was left. `read` gets `first` for the chat's first read and
 * the one after an outage.
 */
export function useReadShown(
  chatId: string | null,
  meId: string,
  messages: readonly ChatMessage[],
  read: (chatId: string, lastMessageId: string, first: boolean) => void,
): void {
  const newest = newestToRead(messages, meId);
  const readRef = useRef(read);
  useLayoutEffect(() => {
    readRef.current = read;
  });
  const readChat = useRef<string | null>(null);

  useEffect(() => {
    if (!chatId || !newest) return;
    readRef.current(chatId, newest, readChat.current !== chatId);
    readChat.current = chatId;
  }, [chatId, newest]);

  useEffect(() => {
    if (!chatId || !newest) return;
    // What arrived during an outage is fetched again; this covers the chat as it stood if not.
    return subscribe(eventBus, 'socket:reconnected', () => readRef.current(chatId, newest, true));
  }, [chatId, newest]);
}
