import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, inQuietHours, levelAllows, notificationSettingsSchema } from './notification-settings';

describe('notification settings', () => {
  it("'Não perturbe' is read on the person's clock, also across midnight", () => {
    const at = new Date('2026-03-10T02:30:00Z'); // 23:30 in São Paulo (UTC-3)
    const night = { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'America/Sao_Paulo' };
    expect(inQuietHours(night, at)).toBe(true);
    expect(inQuietHours({ ...night, timeZone: 'UTC' }, at)).toBe(true);
    expect(inQuietHours({ ...night, timeZone: 'Asia/Tokyo' }, at)).toBe(false); // 11:30
    expect(inQuietHours({ quietHours: { start: '23:30', end: '23:45' }, timeZone: 'America/Sao_Paulo' }, at)).toBe(true);
    expect(inQuietHours({ quietHours: { start: '23:00', end: '23:30' }, timeZone: 'America/Sao_Paulo' }, at)).toBe(false);
    expect(inQuietHours({ quietHours: null, timeZone: 'UTC' }, at)).toBe(false);
  });

  it('levels: all, mentions and direct messages, nothing', () => {
    expect(levelAllows('all', { isDirect: false, mentionsMe: false })).toBe(true);
    expect(levelAllows('mentions', { isDirect: false, mentionsMe: false })).toBe(false);
    expect(levelAllows('mentions', { isDirect: true, mentionsMe: false })).toBe(true);
    expect(levelAllows('mentions', { isDirect: false, mentionsMe: true })).toBe(true);
    expect(levelAllows('none', { isDirect: true, mentionsMe: true })).toBe(false);
  });

  it('refuses bad hours and zones in Portuguese', () => {
    const parse = (changes: object) => notificationSettingsSchema.safeParse({ ...DEFAULT_NOTIFICATION_SETTINGS, ...changes });
    expect(parse({}).success).toBe(true);
    expect(parse({ quietHours: { start: '24:00', end: '07:00' } }).error?.issues[0]?.message).toBe('Horário inválido (use HH:mm)');
    expect(parse({ quietHours: { start: '07:00', end: '07:00' } }).error?.issues[0]?.message).toContain('diferentes');
    expect(parse({ timeZone: 'Lua/Crateras' }).error?.issues[0]?.message).toBe('Fuso horário inválido');
    expect(parse({ level: 'some' }).error?.issues[0]?.message).toBe('Escolha quais mensagens notificam');
  });
});
