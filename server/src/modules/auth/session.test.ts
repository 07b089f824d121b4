import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '@chat/contracts';
import { refreshTokens, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashRefreshToken } from './refresh-tokens';

// POST /api/refresh-token/use and POST /api/auth/signout, through the real routes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SESSION_EXPIRED = { statusCode: 401, error: 'Unauthorized', message: 'Sessão expirada. Entre novamente.' };

const renew = (refreshToken: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken } as object });
const signout = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signout', payload, headers });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
const setActive = (nickName: string, active: boolean) => t.app.ctx.db.update(users).set({ active }).where(eq(users.nickName, nickName));

describe('POST /api/refresh-token/use', () => {
  it('rotates: answers a new token pair whose access token works, and the new refresh token renews again', async () => {
    const session = await signIn(t.app, 'bruno');
    const res = await renew(session.refreshToken);
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(pair.refreshToken).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.refreshToken).not.toBe(session.refreshToken);
    expect((await me(pair.accessToken)).json().nickName).toBe('bruno');
    const again = await renew(pair.refreshToken);
    expect(again.statusCode).toBe(200);
  });

  it('reuse of a rotated token answers 401 and revokes the family: the newest token stops working too', async () => {
    const session = await signIn(t.app, 'carla');
    const first = tokenPairSchema.parse((await renew(session.refreshToken)).json());
    const second = tokenPairSchema.parse((await renew(first.refreshToken)).json());

    const reuse = await renew(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(SESSION_EXPIRED);
    // The thief or the owner, whoever holds the newest token, must sign in again.
    const newest = await renew(second.refreshToken);
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toEqual(SESSION_EXPIRED);

    // Other sessions (families) of the same user are untouched.
    const other = await signIn(t.app, 'carla');
    expect((await renew(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 to an unknown token and to an expired one', async () => {
    expect((await renew('f'.repeat(64))).json()).toEqual(SESSION_EXPIRED);
    const session = await signIn(t.app, 'bruno');
    await t.app.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshToken)));
    const res = await renew(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_EXPIRED);
  });

  it('answers 400 in Portuguese without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Dados inválidos: Campo obrigatório',
      issues: [{ path: ['refreshToken'], message: 'Campo obrigatório' }],
    });
  });

  it('refuses a deactivated member and revokes all of their tokens', async () => {
    const a = await signIn(t.app, 'diego');
    const b = await signIn(t.app, 'diego');
    await setActive('diego', false);
    try {
      const res = await renew(a.refreshToken);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SESSION_EXPIRED);
    } finally {
      await setActive('diego', true);
    }
    // Coming back does not revive the old sessions.
    expect((await renew(b.refreshToken)).statusCode).toBe(401);
    const live = await t.app.ctx.db
      .select()
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(users.nickName, 'diego'));
    expect(live.every((row) => row.refresh_tokens.revokedAt !== null)).toBe(true);
  });
});

describe('POST /api/auth/signout', () => {
  it('answers 204 and revokes the whole family of the token, without an Authorization header', async () => {
    const session = await signIn(t.app, 'ana');
    const rotated = tokenPairSchema.parse((await renew(session.refreshToken)).json());
    const res = await signout({ refreshToken: rotated.refreshToken });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await renew(rotated.refreshToken)).json()).toEqual(SESSION_EXPIRED);
  });

  it('leaves the other sessions of the user alone', async () => {
    const kept = await signIn(t.app, 'ana');
    const ended = await signIn(t.app, 'ana');
    expect((await signout({ refreshToken: ended.refreshToken }, { authorization: `Bearer ${ended.accessToken}` })).statusCode).toBe(204);
    expect((await renew(ended.refreshToken)).statusCode).toBe(401);
    expect((await renew(kept.refreshToken)).statusCode).toBe(200);
  });

  it('is idempotent and silent: an unknown or already revoked token also gets 204', async () => {
    expect((await signout({ refreshToken: 'desconhecido' })).statusCode).toBe(204);
    const session = await signIn(t.app, 'bruno');
    expect((await signout({ refreshToken: session.refreshToken })).statusCode).toBe(204);
    expect((await signout({ refreshToken: session.refreshToken })).statusCode).toBe(204);
  });

  it('answers 400 in Portuguese without a token', async () => {
    const res = await signout({});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: Campo obrigatório');
  });
});
