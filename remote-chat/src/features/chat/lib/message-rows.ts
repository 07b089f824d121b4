import { isSystemMessage } from '@chat/contracts';
import { dayKey, dayLabel } from '../../../shared/dates';
import type { ChatMessage } from './merge-messages';

/** How close a message must follow its author's previous one to join its run (as the peers group them). */
export const RUN_GAP_MS = 5 * 60_000;

export type MessageRow =
  | { type: 'day'; key: string; label: string }
  /**
   * `continuesRun`: the message follows one of the same author, within RUN_GAP_MS, with nothing
   * between them; it is drawn under that one without its name and avatar again.
   */
  | { type: 'message'; key: string; message: ChatMessage; continuesRun: boolean }
  /** 'Mensagens não lidas', above the first unread message. */
  | { type: 'unread'; key: string };

export const UNREAD_ROW_KEY = 'unread';

/** Stable across the optimistic entry's replacement by the server's message. */
export function messageKey(message: ChatMessage): string {
  return message.clientId ? `c:${message.authorId}:${message.clientId}` : `m:${message.id}`;
}

const continues = (previous: MessageRow | undefined, message: ChatMessage): boolean =>
  previous?.type === 'message' &&
  !isSystemMessage(previous.message) &&
  !isSystemMessage(message) &&
  previous.message.authorId === message.authorId &&
  // A webhook's payload may change the name and image it posts under: a new one starts a new run.
  previous.message.author.name === message.author.name &&
  previous.message.author.avatarUrl === message.author.avatarUrl &&
  Date.parse(message.createdAt) - Date.parse(previous.message.createdAt) < RUN_GAP_MS;

/**
 * Messages with a day separator ('Hoje', 'Ontem', dd/MM/yyyy) before each new day, and the unread
 * line before `unreadFromId`; each message says whether it continues its author's run.
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
    rows.push({ type: 'message', key: messageKey(message), message, continuesRun: continues(rows.at(-1), message) });
  }
  return rows;
}

/** The key of the last message row (day labels and the unread line are not messages). */
export function lastMessageKey(rows: MessageRow[]): string | null {
  for (let index = rows.length - 1; index >= 0; index -= 1) if (rows[index]!.type === 'message') return rows[index]!.key;
  return null;
}
