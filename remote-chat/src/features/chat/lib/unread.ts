import { isSystemMessage } from '@chat/contracts';
import type { ChatMessage } from './merge-messages';

/** The line above the first unread message. */
export const UNREAD_DIVIDER_TEXT = 'Mensagens não lidas';

/** 'N novas mensagens' (singular '1 nova mensagem'). */
export const newMessagesText = (count: number) => (count === 1 ? '1 nova mensagem' : `${count} novas mensagens`);

/**
 * The first unread message, given how many the server counted as unread when the chat was opened
 * (the chat list's `unreadMessages`: others' messages not yet READ). They are the newest `unread`
 * messages of others. Null when nothing is unread; undefined while older pages are still needed
 * to reach it (fewer messages of others are loaded than were unread).
 */
export function firstUnreadId(messages: readonly ChatMessage[], meId: string, unread: number): string | null | undefined {
  if (unread <= 0) return null;
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    // The server counts neither mine nor the group's system lines.
    if (message.authorId === meId || isSystemMessage(message)) continue;
    seen += 1;
    if (seen === unread) return message.id;
  }
  return undefined;
}
