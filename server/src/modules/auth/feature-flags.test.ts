import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { latestMail } from '../../test/outbox';

// The server refuses what the page hides on the production origin (SPEC section 6):
// disable_recovery_password and disable_create_account, decided from the request's Origin header.

const PRODUCTION = 'https://papo.exemplo.com.br';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PRODUCTION_ORIGIN: PRODUCTION } });
});
afterAll(() => t?.close());

const call = (method: 'POST' | 'PATCH', url: string, payload: object, origin?: string) =>
  t.app.inject({ method, url, payload, headers: origin ? { origin } : {} });

const RECOVERY_OFF = { statusCode: 403, error: 'Forbidden', message: 'Recuperação de senha desativada' };
const CREATION_OFF = { statusCode: 403, error: 'Forbidden', message: 'Criação de conta desativada' };

describe('disable_recovery_password', () => {
  it('answers 403 to both reset calls from the production origin, even to a bad body', async () => {
    const create = await call('POST', '/api/password-token/create', { email: 'ana@demo.chat' }, PRODUCTION);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual(RECOVERY_OFF);
    const use = await call('PATCH', '/api/password-token/use', { token: 'a'.repeat(64), newPassword: 'nova-senha' }, PRODUCTION);
    expect(use.json()).toEqual(RECOVERY_OFF);
    expect((await call('PATCH', '/api/password-token/use', {}, `${PRODUCTION}/`)).json()).toEqual(RECOVERY_OFF);
  });

  it('works from any other origin, or without one', async () => {
    expect((await call('POST', '/api/password-token/create', { email: 'ana@demo.chat' }, 'http://localhost:3000')).statusCode).toBe(200);
    expect((await call('POST', '/api/password-token/create', { email: 'ana@demo.chat' })).statusCode).toBe(200);
    expect((await call('POST', '/api/password-token/create', { email: 'ana@demo.chat' }, 'https://papo.exemplo.com.br:8443')).statusCode).toBe(200);
  });
});

describe('disable_create_account', () => {
  it('answers 403 to create-by-invite from the production origin; the same invite works elsewhere', async () => {
    const admin = await signIn(t.app, 'ana');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/user/invite',
      payload: { email: 'flag@exemplo.com' },
      headers: { authorization: `Bearer ${admin.accessToken}`, origin: PRODUCTION },
    });
    // Inviting is not behind a flag.
    expect(invited.statusCode).toBe(201);
    const inviteCode = /inviteCode=([A-Z0-9-]+)/.exec(latestMail(t.env.dataDir, 'flag@exemplo.com').link!)![1]!;
    const body = { name: 'Flag', email: 'flag@exemplo.com', nickName: 'flagada', password: 'senha-flagada', inviteCode };

    const refused = await call('POST', '/api/user/create-by-invite', body, PRODUCTION);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(CREATION_OFF);
    expect((await call('POST', '/api/user/create-by-invite', {}, PRODUCTION)).json()).toEqual(CREATION_OFF);
    expect((await call('POST', '/api/user/create-by-invite', body, 'http://localhost:3000')).statusCode).toBe(201);
  });

  it('does not touch sign-in on the production origin', async () => {
    const res = await call('POST', '/api/auth/signin', { identifier: 'bruno', password: TEST_DEMO_PASSWORD }, PRODUCTION);
    expect(res.statusCode).toBe(200);
  });
});
