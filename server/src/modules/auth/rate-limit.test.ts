import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { nextMail, readOutbox } from '../../test/outbox';

// Sign-in and reset requests are limited per identifier/e-mail and per IP (in Redis when the
// suite has REDIS_URL). Short windows here, so recovery is shown by waiting for one to end.

// Long enough that a loaded machine still makes its attempts within one window.
const WINDOW_MS = 3000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    app: {
      rateLimits: {
        signinPerIdentifier: { max: 3, windowMs: WINDOW_MS },
        signinPerAccount: { max: 3, windowMs: WINDOW_MS },
        signinPerIp: { max: 5, windowMs: WINDOW_MS },
        passwordResetPerEmail: { max: 2, windowMs: WINDOW_MS },
        passwordResetPerIp: { max: 4, windowMs: WINDOW_MS },
      },
    },
  });
});
afterAll(() => t?.close());

const TOO_MANY = { statusCode: 429, error: 'Too Many Requests', message: 'Muitas tentativas. Tente novamente em alguns minutos.' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each test uses its own client address, so the per-IP counters of one test do not leak into the next. */
let ipCounter = 0;
const nextIp = () => `10.0.0.${++ipCounter}`;

const signin = (identifier: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier, password }, remoteAddress: ip });
const requestReset = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-token/create', payload: { email }, remoteAddress: ip });

function expectTooMany(res: Awaited<ReturnType<typeof signin>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual(TOO_MANY);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000));
}

describe('sign-in rate limit', () => {
  it('per identifier: after 3 failures even the right password gets 429, until the window ends', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await signin('bruno', 'senha-errada', ip)).statusCode).toBe(401);
    expectTooMany(await signin('bruno', 'senha-errada', ip));
    expectTooMany(await signin('BRUNO', TEST_DEMO_PASSWORD, nextIp()));
    // Another account is not affected.
    expect((await signin('carla', TEST_DEMO_PASSWORD, ip)).statusCode).toBe(200);

    await sleep(WINDOW_MS + 200);
    expect((await signin('bruno', TEST_DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('per account: after 3 failures on the nickName, the e-mail of the same account gets no more guesses', async () => {
    for (let i = 0; i < 3; i++) expect((await signin('diego', 'senha-errada', nextIp())).statusCode).toBe(401);
    expectTooMany(await signin('diego@demo.chat', 'senha-errada', nextIp()));
    expectTooMany(await signin('DIEGO@demo.chat', TEST_DEMO_PASSWORD, nextIp()));
    // An unknown identifier names no account: only its own and the IP's counters apply.
    expect((await signin('ninguem@demo.chat', 'senha-errada', nextIp())).statusCode).toBe(401);

    await sleep(WINDOW_MS + 200);
    expect((await signin('diego@demo.chat', TEST_DEMO_PASSWORD, nextIp())).statusCode).toBe(200);
  });

  it('per IP: failures on many accounts from one address get 429; another address is not affected', async () => {
    const ip = nextIp();
    for (const who of ['x1', 'x2', 'x3', 'x4', 'x5']) expect((await signin(who, 'senha-errada', ip)).statusCode).toBe(401);
    expectTooMany(await signin('ana', TEST_DEMO_PASSWORD, ip));
    expect((await signin('ana', TEST_DEMO_PASSWORD, nextIp())).statusCode).toBe(200);
    await sleep(WINDOW_MS + 200);
    expect((await signin('ana', TEST_DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('successful sign-ins do not use up the allowance', async () => {
    const ip = nextIp();
    for (let i = 0; i < 8; i++) expect((await signin('diego', TEST_DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signin('diego', 'senha-errada', ip)).statusCode).toBe(401);
  });

  it('parallel guesses cannot overtake the limit: only 3 of 8 at once reach the password check', async () => {
    // Why these counters are not @fastify/rate-limit (see rate-limiter.ts): counted before the
    // check and given back on success, which the library's count-only stores cannot do.
    const answers = await Promise.all(Array.from({ length: 8 }, () => signin('carla', 'senha-errada', nextIp())));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('password reset rate limit', () => {
  it('per e-mail: the third request in the window gets 429 and sends nothing; it recovers after the window', async () => {
    const ip = nextIp();
    for (const email of ['carla@demo.chat', 'Carla@Demo.Chat']) {
      await nextMail(t.env.dataDir, email, async () => expect((await requestReset(email, ip)).statusCode).toBe(200));
    }
    const mailsBefore = readOutbox(t.env.dataDir).length;
    expectTooMany(await requestReset('carla@demo.chat', nextIp()));
    // The mail would leave after the answer: give it the time to show up if it were sent.
    await sleep(200);
    expect(readOutbox(t.env.dataDir)).toHaveLength(mailsBefore);
    await sleep(WINDOW_MS + 200);
    expect((await requestReset('carla@demo.chat', ip)).statusCode).toBe(200);
  });

  it('treats unknown e-mails the same (the 429 reveals nothing) and limits per IP', async () => {
    const ip = nextIp();
    expect((await requestReset('ninguem1@demo.chat', ip)).statusCode).toBe(200);
    expect((await requestReset('ninguem1@demo.chat', ip)).statusCode).toBe(200);
    expectTooMany(await requestReset('ninguem1@demo.chat', ip));
    // 3 requests so far from this address; the 4th is allowed, the 5th is over the IP limit.
    expect((await requestReset('ninguem2@demo.chat', ip)).statusCode).toBe(200);
    expectTooMany(await requestReset('ninguem3@demo.chat', ip));
  });
});
