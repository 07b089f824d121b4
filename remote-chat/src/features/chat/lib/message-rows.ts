import { dayKey, dayLabel } from '../../../shared/dates';
import type { ChatMessage } from './merge-messages';

export type MessageRow =
  | { type: 'day'; key: string; label: string }
  | { type: 'message'; key: string; message: ChatMessage }
  /** 'Mensagens não lidas', above the first unread message. */
  | { type: 'unread'; key: string };

export const UNREAD_ROW_KEY = 'unread';

/** Stable across the optimistic entry's replacement by the server's message. */
export function messageKey(message: ChatMessage): string {
  return message.clientId ? `c:${message.authorId}:${message.clientId}` : `m:${message.id}`;
}

/**
 * Messages with a day separator ('Hoje', 'Ontem', dd/MM/yyyy) before each new day, and the unread
 * line before `unreadFromId`.
 */
export function buildRows(messages: ChatMessage[], now: Date = new Date(), unreadFromId: string | null = null): MessageRow[] {
  const rows: MessageRow[] = [];
  let lastDay = '';
  for (const message of messages) {
    const day = dayKey(message.createdAt);
    if (day !== lastDay) {
      rows.push({ type: 'day', key: `d:${day}`, label: dayLabel(message.createdAt, now) });
      lastDay = day;
    }
    if (message.id === unreadFromId) rows.push({ type: 'unread', key: UNREAD_ROW_KEY });
    rows.push({ type: 'message', key: messageKey(message), message });
  }
  return rows;
}

/** The key of the last message row (day labels and the unread line are not messages). */
export function lastMessageKey(rows: MessageRow[]): string | null {
  for (let index = rows.length - 1; index >= 0; index -= 1) if (rows[index]!.type === 'message') return rows[index]!.key;
  return null;
}
