import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@chat/contracts';
import { passwordTokens, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { nextMail, readOutbox } from '../../test/outbox';
import { hashResetToken } from './password-tokens.service';

// POST /api/password-token/create and PATCH /api/password-token/use, with a movable clock.

let t: TestApp;
let clockOffsetMs = 0;
beforeAll(async () => {
  // The reset rate limit has its own test (auth/rate-limit.test.ts); here it must not interfere.
  const roomy = { max: 1000, windowMs: 60_000 };
  t = await createTestApp({
    app: { now: () => new Date(Date.now() + clockOffsetMs), rateLimits: { passwordResetPerEmail: roomy, passwordResetPerIp: roomy } },
  });
});
afterAll(() => t?.close());

const REQUESTED = { message: 'Se o e-mail estiver cadastrado, enviaremos um link de redefinição.' };
const INVALID_LINK = { statusCode: 400, error: 'Bad Request', message: 'Link de redefinição inválido ou expirado' };
const RESET_LINK = /^http:\/\/localhost:\d+\/reset-password\?token=([0-9a-f]{64})$/;

const requestReset = (email: string) => t.app.inject({ method: 'POST', url: '/api/password-token/create', payload: { email } });
const useToken = (token: unknown, newPassword: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/password-token/use', payload: { token, newPassword } as object });
const signinStatus = async (identifier: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier, password } })).statusCode;
const renewStatus = async (refreshToken: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken } })).statusCode;

/** Requests a reset for `email` and returns the token from the mailed link. */
async function mailedToken(email: string): Promise<string> {
  const { link } = await nextMail(t.env.dataDir, email, async () => expect((await requestReset(email)).statusCode).toBe(200));
  const match = RESET_LINK.exec(link ?? '');
  if (!match) throw new Error(`link inesperado: ${link}`);
  return match[1]!;
}

async function setPassword(nickName: string, password: string) {
  const { hashPassword } = await import('../auth/passwords');
  await t.app.ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.nickName, nickName));
}

describe('POST /api/password-token/create', () => {
  it('answers 200 with the message and mails a 64-hex link to APP_URL/reset-password', async () => {
    const mail = await nextMail(t.env.dataDir, 'bruno@demo.chat', async () => {
      const res = await requestReset('Bruno@Demo.Chat');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(REQUESTED);
    });
    expect(mail.subject).toBe('Redefinição de senha do Papo');
    expect(mail.link).toMatch(RESET_LINK);
    expect(mail.link!.startsWith(`${t.env.appUrl}/reset-password?token=`)).toBe(true);
    expect(mail.text).toContain('Olá, Bruno Oliveira!');
  });

  it('stores only the sha256 of the token, valid for 1 hour', async () => {
    const token = await mailedToken('carla@demo.chat');
    const rows = await t.app.ctx.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, hashResetToken(token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttl = rows[0]!.expiresAt.getTime() - Date.now();
    expect(Math.abs(ttl - LIMITS.resetTokenTtlMs)).toBeLessThan(60_000);
  });

  it('gives an unknown e-mail the very same 200 and sends nothing', async () => {
    const before = readOutbox(t.env.dataDir).length;
    const res = await requestReset('ninguem@demo.chat');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUESTED);
    await nextMail(t.env.dataDir, 'ana@demo.chat', async () => expect(res.body).toBe((await requestReset('ana@demo.chat')).body));
    const after = readOutbox(t.env.dataDir);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.to).toBe('ana@demo.chat');
  });

  it('answers a registered and an unknown e-mail in the same time (median of 50 each)', async () => {
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string, into: number[]) => {
      const start = performance.now();
      expect((await requestReset(email)).statusCode).toBe(200);
      into.push(performance.now() - start);
      // Each request starts on a quiet server: the previous one's mail does not slow it down.
      await new Promise((resolve) => setTimeout(resolve, 40));
    };
    for (let i = 0; i < 50; i++) {
      await timed('bruno@demo.chat', known);
      await timed(`ninguem${i}@demo.chat`, unknown);
    }
    const [k, u] = [median(known), median(unknown)];
    // Before, a registered e-mail waited for its token and mail: several times the unknown one's time.
    expect(Math.abs(k - u), `mediana: cadastrado ${k.toFixed(1)} ms, desconhecido ${u.toFixed(1)} ms`).toBeLessThan(Math.max(2, u));
  });

  it('answers 400 in Portuguese to an invalid e-mail', async () => {
    const res = await requestReset('nao-e-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Dados inválidos: E-mail inválido',
      issues: [{ path: ['email'], message: 'E-mail inválido' }],
    });
  });

  it('a newer link replaces the older one', async () => {
    const older = await mailedToken('diego@demo.chat');
    const newer = await mailedToken('diego@demo.chat');
    expect(newer).not.toBe(older);
    expect((await useToken(older, 'nova-senha-diego')).json()).toEqual(INVALID_LINK);
    expect((await useToken(newer, 'nova-senha-diego')).statusCode).toBe(200);
    await setPassword('diego', TEST_DEMO_PASSWORD);
  });
});

describe('PATCH /api/password-token/use', () => {
  it('sets the new password, ends every session of the user, and works only once', async () => {
    const sessionA = await signIn(t.app, 'bruno');
    const sessionB = await signIn(t.app, 'bruno', TEST_DEMO_PASSWORD, true);
    const token = await mailedToken('bruno@demo.chat');

    const res = await useToken(token, 'nova-senha-bruno');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha redefinida com sucesso' });

    expect(await signinStatus('bruno', 'nova-senha-bruno')).toBe(200);
    expect(await signinStatus('bruno', TEST_DEMO_PASSWORD)).toBe(401);
    expect(await renewStatus(sessionA.refreshToken)).toBe(401);
    expect(await renewStatus(sessionB.refreshToken)).toBe(401);

    const again = await useToken(token, 'outra-senha-bruno');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect(await signinStatus('bruno', 'nova-senha-bruno')).toBe(200);
    await setPassword('bruno', TEST_DEMO_PASSWORD);
  });

  it('accepts the token in upper case (the page allows any hex case)', async () => {
    const token = await mailedToken('carla@demo.chat');
    expect((await useToken(token.toUpperCase(), 'nova-senha-carla')).statusCode).toBe(200);
    await setPassword('carla', TEST_DEMO_PASSWORD);
  });

  it('refuses a link older than 1 hour', async () => {
    const token = await mailedToken('carla@demo.chat');
    clockOffsetMs = LIMITS.resetTokenTtlMs + 1000;
    try {
      const res = await useToken(token, 'nova-senha-carla');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID_LINK);
    } finally {
      clockOffsetMs = 0;
    }
    expect(await signinStatus('carla', TEST_DEMO_PASSWORD)).toBe(200);
  });

  it('still accepts a link just under 1 hour old', async () => {
    const token = await mailedToken('carla@demo.chat');
    clockOffsetMs = LIMITS.resetTokenTtlMs - 60_000;
    try {
      expect((await useToken(token, 'nova-senha-carla')).statusCode).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
    await setPassword('carla', TEST_DEMO_PASSWORD);
  });

  it('refuses an unknown token of the right format', async () => {
    const res = await useToken('a'.repeat(64), 'nova-senha-qualquer');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LINK);
  });

  it('answers 400 in Portuguese to a token that is not 64 hex characters, and to a short password', async () => {
    for (const token of ['abc', 'g'.repeat(64), 'a'.repeat(63), 'a'.repeat(65), 42]) {
      const res = await useToken(token, 'nova-senha-valida');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Dados inválidos: Token inválido',
        issues: [{ path: ['token'], message: 'Token inválido' }],
      });
    }
    const res = await useToken('a'.repeat(64), 'curta');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: Mínimo de 8 caracteres');
  });

  it('refuses the link of a member removed meanwhile', async () => {
    const token = await mailedToken('diego@demo.chat');
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.nickName, 'diego'));
    try {
      expect((await useToken(token, 'nova-senha-diego')).json()).toEqual(INVALID_LINK);
    } finally {
      await t.app.ctx.db.update(users).set({ active: true }).where(eq(users.nickName, 'diego'));
    }
  });
});
