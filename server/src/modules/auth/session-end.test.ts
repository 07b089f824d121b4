import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TEXTS, sessionListSchema, type SessionEntity } from '@chat/contracts';
import { sessions } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, type TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, TEST_DEMO_PASSWORD, testDatabaseUrl, testRedisUrl, type TestApp } from '../../test/harness';
import { listen, type Listener, reconnect } from '../../test/socket-helpers';
import { disconnected } from '../../test/team';
import { RECONCILE_MS } from './revoked-sessions';

// A session is a thing the server can end: sign-out, "sair de todos os dispositivos", ending one
// session from the list, a password change and a member's removal refuse the session's access
// tokens at once and close its sockets, on every process. With PostgreSQL + Redis the sockets and
// the second set of calls go to another server process.

let t: TestApp;
let peer: FastifyInstance;
const twoProcesses = Boolean(testDatabaseUrl() && testRedisUrl());
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  peer = twoProcesses ? await startPeerApp(t) : t.app;
});
afterAll(async () => {
  if (peer !== t.app) await peer?.close();
  await t?.close();
});

interface Signed extends TestUser {
  refreshToken: string;
  sid: string;
}

/** A demo member signed in through the real route, from the browser `userAgent` describes. */
async function session(nickName: string, userAgent = FIREFOX_ON_WINDOWS): Promise<Signed> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { 'user-agent': userAgent },
    payload: { identifier: nickName, password: TEST_DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const { user: u, accessToken, refreshToken } = res.json<{ user: TestUser; accessToken: string; refreshToken: string }>();
  const claims = (await t.app.ctx.accessTokens.verify(accessToken))!;
  return { ...u, workspaceId: claims.workspaceId!, token: accessToken, refreshToken, sid: claims.sid! };
}

const me = (app: FastifyInstance, who: TestUser) => as(app, who).get('/auth/me');
const listSessions = async (who: TestUser): Promise<SessionEntity[]> => {
  const res = await as(t.app, who).get('/auth/sessions');
  expect(res.statusCode).toBe(200);
  return sessionListSchema.parse(res.json()).sessions;
};
/**
 * Refused by the process that ended the session at once, and by the other one as soon as the Redis
 * announcement has arrived: both apps share this test's event loop, so that read may come a tick
 * after the answer (between real processes the next request has a network trip to make first).
 */
async function refusedEverywhere(who: TestUser): Promise<void> {
  expect((await me(t.app, who)).statusCode).toBe(401);
  await vi.waitFor(async () => expect((await me(peer, who)).statusCode).toBe(401), { timeout: 500, interval: 5 });
}
const signOut = (who: Signed) => t.app.inject({ method: 'POST', url: '/api/auth/signout', payload: { refreshToken: who.refreshToken } });

const closeAll = (...ls: Listener[]) => ls.forEach((l) => l.socket.disconnect());

describe('sign-out ends the session', () => {
  it('refuses its access token at once on every process (GET /api/auth/me 401), other sessions go on', async () => {
    const tab = await session('bruno');
    const phone = await session('bruno', CHROME_ON_ANDROID);
    expect((await me(peer, tab)).statusCode).toBe(200);
    expect((await signOut(tab)).statusCode).toBe(204);
    await refusedEverywhere(tab);
    for (const app of [t.app, peer]) {
      expect((await me(app, tab)).json()).toMatchObject({ statusCode: 401, message: SESSION_TEXTS.ended.description });
      expect((await me(app, phone)).statusCode).toBe(200);
    }
    // The renewal is refused too.
    const renewal = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: tab.refreshToken } });
    expect(renewal.statusCode).toBe(401);
  });

  it('closes its open socket within 2 s on every process, and refuses a new handshake with its token', async () => {
    const tab = await session('carla');
    const other = await session('carla', CHROME_ON_ANDROID);
    const [here, there, otherDevice] = [await listen(t.app, tab), await listen(peer, tab), await listen(peer, other)];
    try {
      const closedHere = disconnected(here.socket, 2000);
      const closedThere = disconnected(there.socket, 2000);
      expect((await signOut(tab)).statusCode).toBe(204);
      expect(await closedHere).toBe('io server disconnect');
      expect(await closedThere).toBe('io server disconnect');
      expect(there.of('session:revoked')).toEqual([{ reason: 'ended' }]);
      expect(otherDevice.socket.connected).toBe(true);
      expect(await reconnect(there, tab.token)).toBe('refused');
      expect(await reconnect(here, tab.token)).toBe('refused');
    } finally {
      closeAll(here, there, otherDevice);
    }
  });

  it('the send (whose user may come from a cache) refuses its token on every process', async () => {
    const bruno = await session('bruno');
    const carla = await session('carla');
    const conversation = await as(t.app, bruno).post('/conversation/create', { userTwoId: carla.id });
    expect(conversation.statusCode).toBe(200);
    const body = (clientId: string) => ({
      conversationId: conversation.json<{ id: string }>().id,
      isGroup: false,
      content: { type: 'text', body: 'oi' },
      clientId,
    });
    // Warms the peer's cache of bruno.
    expect((await as(peer, bruno).post('/message/send', body(`antes-${bruno.sid}`))).statusCode).toBe(200);
    expect((await signOut(bruno)).statusCode).toBe(204);
    await refusedEverywhere(bruno);
    const refused = await as(peer, bruno).post('/message/send', body(`depois-${bruno.sid}`));
    expect(refused.statusCode).toBe(401);
  });

  it.runIf(twoProcesses)('a process started after the sign-out refuses the token too (loaded at start)', async () => {
    const tab = await session('diego');
    expect((await signOut(tab)).statusCode).toBe(204);
    const late = await startPeerApp(t);
    try {
      expect((await me(late, tab)).statusCode).toBe(401);
    } finally {
      await late.close();
    }
  });

  it.runIf(twoProcesses)('an announcement lost while Redis was away is made good by the reconciliation', async () => {
    const tab = await session('diego');
    const l = await listen(peer, tab);
    try {
      expect((await me(peer, tab)).statusCode).toBe(200);
      // Ended in the database only, as if its announcement had been lost.
      const endedAt = Date.now();
      await t.app.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, tab.sid));
      expect(await disconnected(l.socket, RECONCILE_MS + 2000)).toBe('io server disconnect');
      expect(Date.now() - endedAt).toBeLessThan(RECONCILE_MS + 2000);
      expect((await me(peer, tab)).statusCode).toBe(401);
    } finally {
      closeAll(l);
    }
  });
});

describe('the list of sessions', () => {
  it('lists the active sessions with device, browser and last use, the calling one flagged', async () => {
    const desk = await session('diego', FIREFOX_ON_WINDOWS);
    const phone = await session('diego', CHROME_ON_ANDROID);
    const listed = await listSessions(phone);
    const byId = new Map(listed.map((s) => [s.id, s]));
    expect(byId.get(phone.sid)).toMatchObject({ device: 'Android · Celular', browser: 'Chrome 124', current: true });
    expect(byId.get(desk.sid)).toMatchObject({ device: 'Windows · Computador', browser: 'Firefox 126', current: false });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(Number.isNaN(Date.parse(byId.get(desk.sid)!.lastUsedAt))).toBe(false);
    // An ended session is listed no more.
    expect((await signOut(desk)).statusCode).toBe(204);
    expect((await listSessions(phone)).map((s) => s.id)).not.toContain(desk.sid);
  });

  it('ends one of my sessions: its token 401 and its socket closed on every process', async () => {
    const desk = await session('bruno');
    const phone = await session('bruno', CHROME_ON_ANDROID);
    const l = await listen(peer, phone);
    try {
      const closed = disconnected(l.socket, 2000);
      expect((await as(t.app, desk).delete(`/auth/sessions/${phone.sid}`)).statusCode).toBe(204);
      expect(await closed).toBe('io server disconnect');
      await refusedEverywhere(phone);
      expect((await me(peer, desk)).statusCode).toBe(200);
      // Already ended: nothing to end.
      expect((await as(t.app, desk).delete(`/auth/sessions/${phone.sid}`)).json()).toMatchObject({
        statusCode: 404,
        message: 'Sessão não encontrada',
      });
    } finally {
      closeAll(l);
    }
  });

  it('never ends another member’s session (404 like an unknown id); a bad id is 400', async () => {
    const ana = await session('ana');
    const carla = await session('carla');
    for (const id of [carla.sid, '00000000-0000-4000-8000-000000000000']) {
      const res = await as(t.app, ana).delete(`/auth/sessions/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Sessão não encontrada');
    }
    expect((await me(peer, carla)).statusCode).toBe(200);
    expect((await listSessions(carla)).map((s) => s.id)).toContain(carla.sid);
    expect((await as(t.app, ana).delete('/auth/sessions/nao-e-um-id')).statusCode).toBe(400);
  });

  it('"sair de todos os dispositivos" ends every session, the calling one too; exceptCurrent keeps it', async () => {
    const a = await session('carla');
    const b = await session('carla', CHROME_ON_ANDROID);
    const c = await session('carla');
    expect((await as(t.app, a).post('/auth/sessions/end-all', { exceptCurrent: true })).statusCode).toBe(204);
    await refusedEverywhere(b);
    expect((await me(peer, a)).statusCode).toBe(200);
    expect((await listSessions(a)).map((s) => s.id)).toEqual([a.sid]);
    expect((await as(t.app, a).post('/auth/sessions/end-all', { exceptCurrent: 'sim' })).statusCode).toBe(400);
    expect((await me(peer, a)).statusCode).toBe(200);
    expect((await as(t.app, a).post('/auth/sessions/end-all', {})).statusCode).toBe(204);
    for (const s of [a, c]) await refusedEverywhere(s);
  });
});

describe('other ends of a session', () => {
  it('a password change ends every other session at once and keeps the caller’s (same sid, fresh pair)', async () => {
    const desk = await session('diego');
    const phone = await session('diego', CHROME_ON_ANDROID);
    const l = await listen(peer, phone);
    try {
      const closed = disconnected(l.socket, 2000);
      const res = await as(t.app, desk).patch('/user/update-password', {
        oldPassword: TEST_DEMO_PASSWORD,
        newPassword: 'nova-senha-forte-1',
      });
      expect(res.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      const renewed = { ...desk, token: res.json<{ accessToken: string }>().accessToken };
      expect((await t.app.ctx.accessTokens.verify(renewed.token))!.sid).toBe(desk.sid);
      await refusedEverywhere(phone);
      expect((await listSessions(renewed)).map((s) => s.id)).toEqual([desk.sid]);
      expect(await reconnect(l, phone.token)).toBe('refused');
    } finally {
      closeAll(l);
      // Back to the demo password for the other tests.
      const user = await signIn(t.app, 'diego', 'nova-senha-forte-1');
      await as(t.app, { ...desk, token: user.accessToken }).patch('/user/update-password', {
        oldPassword: 'nova-senha-forte-1',
        newPassword: TEST_DEMO_PASSWORD,
      });
    }
  });

  it('removing a member ends their sessions in the database and on every process', async () => {
    const admin = await session('ana');
    const member = await session('bruno');
    // Warms the peer's cache of the member (the send path reads it from there).
    expect((await me(peer, member)).statusCode).toBe(200);
    expect((await as(t.app, admin).delete(`/user/${member.id}`)).statusCode).toBeLessThan(300);
    const [row] = await t.app.ctx.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, member.sid));
    expect(row!.revokedAt).not.toBeNull();
    await refusedEverywhere(member);
    expect(peer.ctx.revokedSessions.isRevoked(member.sid)).toBe(true);
  });

  it('an API key cannot list or end sessions (403)', async () => {
    const carla = await session('carla');
    const created = await as(t.app, carla).post('/api-key/create', { name: 'integração', permissions: 'FULL_ACCESS' });
    expect(created.statusCode).toBeLessThan(300);
    const { key } = created.json() as { key: string };
    for (const [method, url] of [
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/end-all'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(403);
    }
    expect((await me(peer, carla)).statusCode).toBe(200);
  });
});
