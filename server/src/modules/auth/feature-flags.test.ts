import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { latestMail } from '../../test/outbox';

// The server refuses what the page hides on the production origin (docs/produto.md, Funcionalidades
// por workspace): disable_recovery_password and disable_create_account. It decides from its own
// configuration (APP_URL is PRODUCTION_ORIGIN), whatever Origin header the caller sends or leaves
// out.

const PRODUCTION = 'https://papo.exemplo.com.br';
const STAGING = 'https://staging.papo.exemplo.com.br';
let production: TestApp;
let staging: TestApp;
beforeAll(async () => {
  [production, staging] = await Promise.all([
    createTestApp({ env: { PRODUCTION_ORIGIN: PRODUCTION, APP_URL: `${PRODUCTION}/` } }),
    createTestApp({ env: { PRODUCTION_ORIGIN: PRODUCTION, APP_URL: STAGING } }),
  ]);
});
afterAll(async () => {
  await production?.close();
  await staging?.close();
});

const call = (t: TestApp, method: 'POST' | 'PATCH', url: string, payload: object, origin?: string) =>
  t.app.inject({ method, url, payload, headers: origin ? { origin } : {} });

/** No header, the production origin, a forged other origin, and a garbage one. */
const ORIGINS = [undefined, PRODUCTION, 'http://localhost:3000', STAGING, 'null'];

const RECOVERY_OFF = { statusCode: 403, error: 'Forbidden', message: 'Recuperação de senha desativada' };
const CREATION_OFF = { statusCode: 403, error: 'Forbidden', message: 'Criação de conta desativada' };

async function inviteCode(t: TestApp, email: string): Promise<string> {
  const admin = await signIn(t.app, 'ana');
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/user/invite',
    payload: { email },
    headers: { authorization: `Bearer ${admin.accessToken}` },
  });
  // Inviting is not behind a flag.
  expect(invited.statusCode).toBe(201);
  return /inviteCode=([A-Z0-9-]+)/.exec(latestMail(t.env.dataDir, email).link!)![1]!;
}

describe('on the production deployment (APP_URL = PRODUCTION_ORIGIN)', () => {
  it('refuses both reset calls with any Origin or none, even with a bad body, and mails nothing', async () => {
    for (const origin of ORIGINS) {
      const create = await call(production, 'POST', '/api/password-token/create', { email: 'ana@demo.chat' }, origin);
      expect(create.json(), String(origin)).toEqual(RECOVERY_OFF);
      const use = await call(production, 'PATCH', '/api/password-token/use', { token: 'a'.repeat(64), newPassword: 'nova-senha' }, origin);
      expect(use.json(), String(origin)).toEqual(RECOVERY_OFF);
      expect((await call(production, 'PATCH', '/api/password-token/use', {}, origin)).json()).toEqual(RECOVERY_OFF);
    }
    expect(() => latestMail(production.env.dataDir, 'ana@demo.chat')).toThrow();
  });

  it("keeps the welcome link of a new workspace's admin working", async () => {
    const root = await signIn(production.app, 'root@chat.local', 'senha-root-teste');
    const created = await production.app.inject({
      method: 'POST',
      url: '/api/workspace/create',
      payload: { name: 'Produção', adminName: 'Nina Alves', adminEmail: 'nina@exemplo.com', limitOfMembers: 0 },
      headers: { authorization: `Bearer ${root.accessToken}` },
    });
    expect(created.statusCode).toBe(201);
    const token = /token=([0-9a-f]{64})/.exec(latestMail(production.env.dataDir, 'nina@exemplo.com').link!)![1]!;
    const welcome = await call(production, 'POST', '/api/password-token/welcome', { token, newPassword: 'senha-da-nina' }, PRODUCTION);
    expect(welcome.statusCode).toBe(200);
    expect(welcome.json().user.email).toBe('nina@exemplo.com');
  });

  it('refuses create-by-invite with any Origin or none, with a valid invite', async () => {
    const code = await inviteCode(production, 'flag@exemplo.com');
    const body = { name: 'Flag', email: 'flag@exemplo.com', nickName: 'flagada', password: 'senha-flagada', inviteCode: code };
    for (const origin of ORIGINS) {
      expect((await call(production, 'POST', '/api/user/create-by-invite', body, origin)).json(), String(origin)).toEqual(CREATION_OFF);
    }
    expect((await call(production, 'POST', '/api/user/create-by-invite', {})).json()).toEqual(CREATION_OFF);
    const signin = await call(production, 'POST', '/api/auth/signin', { identifier: 'flagada', password: 'senha-flagada' });
    expect(signin.statusCode).toBe(401);
  });

  it('does not touch sign-in', async () => {
    const res = await call(production, 'POST', '/api/auth/signin', { identifier: 'bruno', password: TEST_DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });
});

describe('on another deployment (APP_URL is not PRODUCTION_ORIGIN)', () => {
  it('allows reset and registration even when the caller claims the production origin', async () => {
    for (const origin of ORIGINS) {
      const res = await call(staging, 'POST', '/api/password-token/create', { email: 'ana@demo.chat' }, origin);
      expect(res.statusCode, String(origin)).toBe(200);
    }
    const code = await inviteCode(staging, 'flag@exemplo.com');
    const body = { name: 'Flag', email: 'flag@exemplo.com', nickName: 'flagada', password: 'senha-flagada', inviteCode: code };
    expect((await call(staging, 'POST', '/api/user/create-by-invite', body, PRODUCTION)).statusCode).toBe(201);
  });
});
