import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { latestMail } from '../../test/outbox';

// Guessing invite codes on POST /api/user/create-by-invite: the code is checked before any
// password hashing, every refusal reads the same, wrong guesses are limited per IP and per code
// (the real limits: 10 per IP, 5 per code, per 15 minutes), and a live code burns after 3 wrong e-mails.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signIn(t.app, 'ana')).accessToken;
});
afterAll(() => t?.close());

const INVITE_INVALID = { statusCode: 400, error: 'Bad Request', message: 'Código de convite inválido ou expirado para este e-mail' };
const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: 'Muitas tentativas. Tente novamente em alguns minutos.' };

let ipCounter = 0;
const nextIp = () => `10.7.0.${++ipCounter}`;
let counter = 0;

async function invitedCode(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/invite',
    payload: { email },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (res.statusCode !== 201) throw new Error(`convite falhou: ${res.statusCode} ${res.body}`);
  return /inviteCode=([A-Z0-9-]+)/.exec(latestMail(t.env.dataDir, email).link!)![1]!;
}

const register = (email: string, inviteCode: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/create-by-invite',
    remoteAddress: ip,
    payload: { name: 'Pessoa Nova', email, nickName: `pessoa${++counter}`, password: 'senha-da-pessoa', inviteCode },
  });

function expectTooMany(res: Awaited<ReturnType<typeof register>>) {
  expect(res.json()).toEqual(TOO_MANY);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

describe('guessing invite codes', () => {
  it('answers every refused combination alike: unknown, used, other e-mail', async () => {
    const code = await invitedCode('alvo@exemplo.com');
    const used = await invitedCode('usou@exemplo.com');
    expect((await register('usou@exemplo.com', used, nextIp())).statusCode).toBe(201);
    const answers = [
      await register('alvo@exemplo.com', 'ZZZ-ZZ9', nextIp()),
      await register('outra@exemplo.com', code, nextIp()),
      await register('usou@exemplo.com', used, nextIp()),
    ];
    for (const res of answers) expect(res.json()).toEqual(INVITE_INVALID);
    expect((await register('alvo@exemplo.com', code, nextIp())).statusCode).toBe(201);
  });

  it('checks the code before hashing the password: a wrong code costs a fraction of a password check', async () => {
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const timed = async (call: () => Promise<{ statusCode: number }>, status: number) => {
      const start = performance.now();
      expect((await call()).statusCode).toBe(status);
      return performance.now() - start;
    };
    const guesses: number[] = [];
    const passwordChecks: number[] = [];
    for (let i = 0; i < 7; i++) {
      guesses.push(await timed(() => register('x@exemplo.com', `QQQ-${String(100 + i)}`, nextIp()), 400));
      passwordChecks.push(
        await timed(
          () =>
            t.app.inject({
              method: 'POST',
              url: '/api/auth/signin',
              remoteAddress: nextIp(),
              payload: { identifier: `ninguem${i}`, password: 'senha-errada' },
            }),
          401,
        ),
      );
    }
    const [guess, check] = [median(guesses), median(passwordChecks)];
    expect(guess, `mediana: palpite ${guess.toFixed(1)} ms, senha ${check.toFixed(1)} ms`).toBeLessThan(check / 3);
  });

  it('per IP: the 11th wrong code from one address gets 429 with Retry-After; another address goes on', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await register('x@exemplo.com', `IP${i}-AAA`, ip)).json()).toEqual(INVITE_INVALID);
    const code = await invitedCode('bloqueada@exemplo.com');
    expectTooMany(await register('bloqueada@exemplo.com', code, ip));
    expect((await register('bloqueada@exemplo.com', code, nextIp())).statusCode).toBe(201);
  });

  it('per code: the 6th wrong attempt with one code, from any address, gets 429', async () => {
    for (let i = 0; i < 5; i++) expect((await register(`p${i}@exemplo.com`, 'MMM-777', nextIp())).json()).toEqual(INVITE_INVALID);
    expectTooMany(await register('p9@exemplo.com', 'MMM-777', nextIp()));
  });

  it('burns a live code after 3 wrong e-mails: then even its own e-mail is refused', async () => {
    const code = await invitedCode('queimada@exemplo.com');
    for (let i = 0; i < 2; i++) expect((await register(`errada${i}@exemplo.com`, code, nextIp())).json()).toEqual(INVITE_INVALID);
    const [alive] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(alive!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await register('errada2@exemplo.com', code, nextIp())).json()).toEqual(INVITE_INVALID);
    expect((await register('queimada@exemplo.com', code, nextIp())).json()).toEqual(INVITE_INVALID);
    const [burned] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(burned).toMatchObject({ wrongEmailAttempts: 3, usedAt: null });
    // A new invite gives the person a fresh code.
    expect((await register('queimada@exemplo.com', await invitedCode('queimada@exemplo.com'), nextIp())).statusCode).toBe(201);
  });
});
