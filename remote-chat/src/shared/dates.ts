// Dates of the chat list and the conversation (docs/produto.md, Telas), in the browser's time
// zone. `now` is a parameter so tests can pin "today". Every format here is numeric (dd/MM/yyyy,
// HH:mm), so no date library or locale is needed: the chat list shows these on its first paint,
// and date-fns with its pt-BR locale would add to that first download. The open chat's views may
// still use date-fns.

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** A date that cannot be shown is a bug upstream: fail like date-fns' format did, never print NaN. */
function valid(date: Date): Date {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const isSameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** The calendar day before `now` (setDate keeps the wall-clock time across DST changes). */
function dayBefore(now: Date): Date {
  const date = new Date(now);
  date.setDate(date.getDate() - 1);
  return date;
}

const isYesterday = (date: Date, now: Date) => isSameDay(date, dayBefore(now));

const ddMMyyyy = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)}`;

/** Day separator of the message list: 'Hoje', 'Ontem' or dd/MM/yyyy. */
export function dayLabel(value: string | Date, now: Date = new Date()): string {
  const date = valid(toDate(value));
  if (isSameDay(date, now)) return 'Hoje';
  if (isYesterday(date, now)) return 'Ontem';
  return ddMMyyyy(date);
}

/** The time under each message. */
export function timeOfDay(value: string | Date): string {
  const date = valid(toDate(value));
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Local calendar day key, used to group messages by day. */
export function dayKey(value: string | Date): string {
  const date = valid(toDate(value));
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Time of a chat-list entry: HH:mm when the last message arrived today or yesterday, otherwise
 * dd/MM/yyyy. The original spec says "updated"; the message actions make it the arrival, so that
 * an edit, a reaction or a read receipt never changes it. With no message the chat's creation
 * reads the same way (the spec gave its date only, which read as a date on a chat just made).
 */
export function listTime(lastMessage: { createdAt: string } | null, createdAt: string, now: Date = new Date()): string {
  const updated = valid(toDate(lastMessage?.createdAt ?? createdAt));
  if (isSameDay(updated, now) || isYesterday(updated, now)) return timeOfDay(updated);
  return ddMMyyyy(updated);
}

/**
 * How an offline contact's last moment online reads in the chat header, as in WhatsApp: 'visto
 * por último hoje às 14:05', '... ontem às 22:10', '... em 03/02/2026'.
 */
export function lastSeenText(lastSeenAt: string, now: Date = new Date()): string {
  const seen = valid(toDate(lastSeenAt));
  if (isSameDay(seen, now)) return `visto por último hoje às ${timeOfDay(seen)}`;
  if (isYesterday(seen, now)) return `visto por último ontem às ${timeOfDay(seen)}`;
  return `visto por último em ${ddMMyyyy(seen)}`;
}
