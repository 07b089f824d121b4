import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let ana: TestUser, bruno: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno] = await createTeam(t.app, ['Ana Ajuste', 'Bruno Ajuste']);
});
afterAll(() => t?.close());

describe('notification settings', () => {
  it("start at the defaults, save, and are each person's own", async () => {
    expect(expectStatus(await as(t.app, ana).get('/notification-settings'), 200)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const mine: NotificationSettings = {
      level: 'mentions',
      quietHours: { start: '22:00', end: '07:00' },
      timeZone: 'America/Manaus',
      sound: false,
      emailDigest: false,
    };
    expect(expectStatus(await as(t.app, ana).put('/notification-settings', mine), 200)).toEqual(mine);
    expect(expectStatus(await as(t.app, ana).get('/notification-settings'), 200)).toEqual(mine);
    expect(expectStatus(await as(t.app, bruno).get('/notification-settings'), 200)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const off = { ...mine, quietHours: null };
    expect(expectStatus(await as(t.app, ana).put('/notification-settings', off), 200)).toEqual(off);
  });

  it('refuses bad input in Portuguese and changes nothing', async () => {
    const before = expectStatus(await as(t.app, bruno).get('/notification-settings'), 200);
    const res = await as(t.app, bruno).put('/notification-settings', { ...DEFAULT_NOTIFICATION_SETTINGS, timeZone: 'Marte/Olimpo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Fuso horário inválido');
    expect(expectStatus(await as(t.app, bruno).get('/notification-settings'), 200)).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/notification-settings' })).statusCode).toBe(401);
  });
});
