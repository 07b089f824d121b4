import * as z from 'zod/mini';
import '../zod-locale';

// Configurações > Notificações: what rings, per person. The server applies it to push (and e-mail),
// the page to its sound and desktop notifications.

/** all: every message; mentions: only mentions and direct messages; none: nothing. */
export const NOTIFICATION_LEVELS = ['all', 'mentions', 'none'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];

export const NOTIFICATION_SETTINGS_ERRORS = {
  level: 'Escolha quais mensagens notificam',
  time: 'Horário inválido (use HH:mm)',
  sameTimes: 'O início e o fim do "Não perturbe" devem ser diferentes',
  timeZone: 'Fuso horário inválido',
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string(NOTIFICATION_SETTINGS_ERRORS.time).check(z.regex(TIME, NOTIFICATION_SETTINGS_ERRORS.time));

/** An IANA zone the runtime knows ('America/Sao_Paulo'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
}

export const quietHoursSchema = z
  .object({ start: time, end: time })
  .check(z.refine((hours) => hours.start !== hours.end, { message: NOTIFICATION_SETTINGS_ERRORS.sameTimes, path: ['end'] }));
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const notificationSettingsSchema = z.object({
  level: z.enum(NOTIFICATION_LEVELS, NOTIFICATION_SETTINGS_ERRORS.level),
  /** 'Não perturbe': from start to end (may cross midnight) in `timeZone`; null when off. */
  quietHours: z.nullable(quietHoursSchema),
  timeZone: z.string(NOTIFICATION_SETTINGS_ERRORS.timeZone).check(z.refine(isTimeZone, NOTIFICATION_SETTINGS_ERRORS.timeZone)),
  sound: z.boolean(),
  emailDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  level: 'all',
  quietHours: null,
  timeZone: 'America/Sao_Paulo',
  sound: true,
  emailDigest: true,
};

/** Minutes since midnight of 'HH:mm'. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls in the quiet hours, read on the clock of `timeZone`; start inclusive, end exclusive. */
export function inQuietHours(settings: Pick<NotificationSettings, 'quietHours' | 'timeZone'>, at: Date): boolean {
  const hours = settings.quietHours;
  if (!hours) return false;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: settings.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  const now = Number(parts.hour) * 60 + Number(parts.minute);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** What a message does to this person under their settings: whether it may ring at all. */
export function levelAllows(level: NotificationLevel, message: { isDirect: boolean; mentionsMe: boolean }): boolean {
  if (level === 'none') return false;
  if (level === 'mentions') return message.isDirect || message.mentionsMe;
  return true;
}

export const NOTIFICATION_SETTINGS_TEXTS = {
  title: 'Notificações',
  levelLabel: 'Notificar',
  levels: { all: 'Todas as mensagens', mentions: 'Só menções e mensagens diretas', none: 'Nada' } satisfies Record<
    NotificationLevel,
    string
  >,
  quietHours: 'Não perturbe',
  quietHoursHint: 'Nesse horário nada toca nem chega ao celular.',
  from: 'Das',
  to: 'às',
  timeZone: 'Fuso horário',
  sound: 'Som',
  emailDigest: 'Resumo por e-mail do que ficou sem ler',
  emailDigestHint: 'Quando você passa um tempo fora, mensagens diretas e menções que ninguém viu chegam num e-mail só.',
  save: 'Salvar',
  saved: 'Notificações salvas',
  saveError: 'Ocorreu um erro ao salvar as notificações',
  loadError: 'Ocorreu um erro ao buscar as notificações',
  pushTitle: 'Notificações neste dispositivo',
  pushHint: 'Receba as mensagens mesmo com o Papo fechado.',
  pushEnable: 'Ativar neste dispositivo',
  pushDisable: 'Desativar neste dispositivo',
  pushOn: 'Ativadas neste dispositivo',
  pushDenied: 'O navegador bloqueou as notificações do Papo. Libere-as nas configurações do navegador.',
  pushUnsupported: 'Este navegador não recebe notificações com o Papo fechado.',
  pushError: 'Não foi possível ativar as notificações neste dispositivo',
} as const;
