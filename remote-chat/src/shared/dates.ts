import { format, isSameDay, subDays } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';

// Dates of SPEC sections 2 and 4, in the browser's time zone. `now` is a parameter so tests can
// pin "today".

const isYesterday = (date: Date, now: Date) => isSameDay(date, subDays(now, 1));

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** Day separator of the message list: 'Hoje', 'Ontem' or dd/MM/yyyy. */
export function dayLabel(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (isSameDay(date, now)) return 'Hoje';
  if (isYesterday(date, now)) return 'Ontem';
  return format(date, 'dd/MM/yyyy', { locale: ptBR });
}

/** The time under each message. */
export function timeOfDay(value: string | Date): string {
  return format(toDate(value), 'HH:mm', { locale: ptBR });
}

/** Local calendar day key, used to group messages by day. */
export function dayKey(value: string | Date): string {
  return format(toDate(value), 'yyyy-MM-dd');
}

/**
 * Time of a chat-list entry: HH:mm when the last message arrived today or yesterday, otherwise
 * dd/MM/yyyy; with no message, the creation date dd/MM/yyyy. SPEC says "updated"; issue 15 makes
 * it the arrival, so that an edit, a reaction or a read receipt never changes it.
 */
export function listTime(
  lastMessage: { createdAt: string } | null,
  createdAt: string,
  now: Date = new Date(),
): string {
  if (!lastMessage) return format(toDate(createdAt), 'dd/MM/yyyy', { locale: ptBR });
  const updated = toDate(lastMessage.createdAt);
  if (isSameDay(updated, now) || isYesterday(updated, now)) return timeOfDay(updated);
  return format(updated, 'dd/MM/yyyy', { locale: ptBR });
}
