import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorSchema, userSchema } from '@chat/contracts';
import { refreshTokens, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { hashRefreshToken, REFRESH_TTL_MS } from './refresh-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signin = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: payload as object });
const setActive = (nickName: string, active: boolean) => t.app.ctx.db.update(users).set({ active }).where(eq(users.nickName, nickName));

describe('POST /api/auth/signin', () => {
  it('accepts the e-mail in any case and answers the User entity with both tokens', async () => {
    const { user, accessToken, refreshToken } = await signIn(t.app, 'ANA@Demo.Chat');
    expect(z.strictObject(userSchema.shape).parse(user)).toEqual({
      id: expect.any(String),
      name: 'Ana Souza',
      nickName: 'ana',
      email: 'ana@demo.chat',
      role: 'ADMIN',
      avatarUrl: null,
      neoCustomData: null,
      workspaces: [{ id: expect.any(String), name: 'Equipe Demo', features: ['polygonal', 'create_members', 'edit_members'] }],
    });
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the nickName in any case, with surrounding spaces', async () => {
    expect((await signIn(t.app, '  BrUnO ')).user.email).toBe('bruno@demo.chat');
  });

  it('gives unknown user and wrong password the same 401 and Portuguese message', async () => {
    const wrongPassword = await signin({ identifier: 'carla', password: 'senha-errada' });
    const unknownUser = await signin({ identifier: 'ninguem@demo.chat', password: 'senha-errada' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Usuário ou senha inválidos' });
    expect(unknownUser.body).toBe(wrongPassword.body);
  });

  it('refuses a deactivated (removed) member exactly like a wrong password', async () => {
    await setActive('diego', false);
    try {
      const res = await signin({ identifier: 'diego', password: TEST_DEMO_PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Usuário ou senha inválidos');
    } finally {
      await setActive('diego', true);
    }
  });

  it('answers 400 with issues and a Portuguese message to a bad body', async () => {
    const res = await signin({ identifier: '   ', rememberMe: 'sim' });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.error).toBe('Bad Request');
    expect(body.message).toBe('Dados inválidos: Usuário é obrigatório');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: ['identifier'], message: 'Usuário é obrigatório' },
        { path: ['password'], message: 'Campo obrigatório' },
        { path: ['rememberMe'], message: expect.stringMatching(/inválid/i) },
      ]),
    );
  });

  it('answers 400 in Portuguese to malformed JSON, without internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Requisição inválida' });
  });
});

describe('tokens issued at sign-in', () => {
  it('access token: HS256 JWT with sub, role, workspaceId and a 15-minute expiry', async () => {
    const { user, accessToken } = await signIn(t.app, 'carla');
    const header = JSON.parse(Buffer.from(accessToken.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = decodeJwt(accessToken);
    expect(claims.sub).toBe(user.id);
    expect(claims.role).toBe('USER');
    expect(claims.workspaceId).toBe(user.workspaces[0]!.id);
    const ttl = claims.exp! - Math.floor(Date.now() / 1000);
    expect(ttl).toBeGreaterThan(15 * 60 - 30);
    expect(ttl).toBeLessThanOrEqual(15 * 60);
  });

  it('ROOT has no workspace in its claims', async () => {
    const { accessToken } = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
    expect(decodeJwt(accessToken)).toMatchObject({ role: 'ROOT', workspaceId: null });
  });

  it('refresh token: stored only as sha256, 12 hours without rememberMe and 30 days with it', async () => {
    const lifetime = async (rememberMe?: boolean) => {
      const { refreshToken } = await signIn(t.app, 'bruno', TEST_DEMO_PASSWORD, rememberMe);
      const rows = await t.app.ctx.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).not.toBe(refreshToken);
      return rows[0]!.expiresAt.getTime() - Date.now();
    };
    const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(60_000);
    close(await lifetime(), REFRESH_TTL_MS.session);
    close(await lifetime(false), REFRESH_TTL_MS.session);
    close(await lifetime(true), REFRESH_TTL_MS.rememberMe);
  });
});

describe('requireAuth (GET /api/auth/me)', () => {
  const me = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers the current user for a valid bearer token', async () => {
    const { accessToken, user } = await signIn(t.app, 'ana');
    const res = await me(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
  });

  it('answers 401 in Portuguese without a token, with a forged or expired one, and for a removed member', async () => {
    const { accessToken, user } = await signIn(t.app, 'carla');
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    const expired = await t.app.ctx.accessTokens.sign({ id: user.id, role: 'USER', workspaceId: null }, -10);
    for (const token of [undefined, forged, expired, 'not-a-jwt']) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Sessão inválida ou expirada' });
    }
    await setActive('carla', false);
    try {
      expect((await me(accessToken)).statusCode).toBe(401);
    } finally {
      await setActive('carla', true);
    }
    expect((await me(accessToken)).statusCode).toBe(200);
  });

  it('refuses a token signed with another secret', async () => {
    const { AccessTokens } = await import('./access-token');
    const { user } = await signIn(t.app, 'ana');
    const other = await new AccessTokens('x'.repeat(48)).sign({ id: user.id, role: 'ADMIN', workspaceId: null });
    expect((await me(other)).statusCode).toBe(401);
  });
});

describe('refresh-token rotation (service)', () => {
  it('rotates within the family keeping the absolute expiry, and revokes the family when a rotated token is reused', async () => {
    const { refreshToken } = await signIn(t.app, 'ana', TEST_DEMO_PASSWORD, true);
    const tokens = t.app.ctx.refreshTokens;
    const first = await tokens.rotate(refreshToken);
    if (!first.ok) throw new Error(`rotação recusada: ${first.reason}`);
    const [original] = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
    expect(first.issued.expiresAt.getTime()).toBe(original!.expiresAt.getTime());
    expect(first.issued.familyId).toBe(original!.familyId);

    expect(await tokens.rotate(refreshToken)).toEqual({ ok: false, reason: 'reused', endedSessionId: original!.familyId });
    // Theft detection: the legitimate newer token died with its family.
    expect(await tokens.rotate(first.issued.token)).toEqual({ ok: false, reason: 'revoked' });
    expect(await tokens.rotate('f'.repeat(64))).toEqual({ ok: false, reason: 'unknown' });
  });

  it('refuses an expired token', async () => {
    const { refreshToken } = await signIn(t.app, 'bruno');
    const later = new Date(Date.now() + REFRESH_TTL_MS.session + 1000);
    expect(await t.app.ctx.refreshTokens.rotate(refreshToken, later)).toEqual({ ok: false, reason: 'expired' });
  });
});
