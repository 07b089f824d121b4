import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import type { TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, TEST_DEMO_PASSWORD, testDatabaseUrl, testRedisUrl, type TestApp } from '../../test/harness';
import { nextMail } from '../../test/outbox';
import { listen, type Listener, reconnect } from '../../test/socket-helpers';
import { disconnected } from '../../test/team';

// A socket lives no longer than the session behind it. The access token's expiry closes
// it (the shell then reconnects with its renewed token); a password change, a reset or an admin
// setting the password closes every socket of the user at once, on every server process, and the
// old token's reconnection is refused. With PostgreSQL + Redis the sockets sit on a second process.

let t: TestApp;
let peer: FastifyInstance;
const twoProcesses = Boolean(testDatabaseUrl() && testRedisUrl());

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  peer = twoProcesses ? await startPeerApp(t) : t.app;
});
afterAll(async () => {
  if (peer !== t.app) await peer?.close();
  await t?.close();
});

/** A demo member signed in through the real route (its token carries the password stamp). */
async function session(nickName: string, password = TEST_DEMO_PASSWORD): Promise<TestUser> {
  const res = await signIn(t.app, nickName, password);
  const u = res.user;
  const claims = (await t.app.ctx.accessTokens.verify(res.accessToken))!;
  return {
    id: u.id,
    name: u.name,
    nickName: u.nickName,
    email: u.email,
    role: u.role,
    workspaceId: claims.workspaceId!,
    token: res.accessToken,
  };
}

const closeAll = (...ls: Listener[]) => ls.forEach((l) => l.socket.disconnect());

describe('a socket follows its access token', () => {
  it('is closed by the server when the token expires, and comes back with a renewed one', async () => {
    const me = await session('carla');
    const shortLived = { ...me, token: await t.app.ctx.accessTokens.sign({ id: me.id, role: me.role, workspaceId: me.workspaceId }, 2) };
    const expiring = await listen(peer, shortLived);
    const lasting = await listen(peer, me);
    try {
      expect(await disconnected(expiring.socket, 4000)).toBe('io server disconnect');
      expect(lasting.socket.connected).toBe(true);
      expect(await reconnect(expiring, shortLived.token)).toBe('refused');
      expect(await reconnect(expiring, me.token)).toBe('connected');
    } finally {
      closeAll(expiring, lasting);
    }
  });
});

describe('ending a session closes its sockets on every process', () => {
  it('password change: every socket of the user closes; the old token is refused, the new one accepted', async () => {
    const tab = await session('bruno');
    const otherDevice = await session('bruno');
    const bystander = await session('diego');
    const [mine, theirs, unrelated] = [await listen(t.app, tab), await listen(peer, otherDevice), await listen(peer, bystander)];
    try {
      const closedMine = disconnected(mine.socket, 3000);
      const closedTheirs = disconnected(theirs.socket, 3000);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/update-password',
        headers: { authorization: `Bearer ${tab.token}` },
        payload: { oldPassword: TEST_DEMO_PASSWORD, newPassword: 'outra-senha-forte-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(await closedTheirs).toBe('io server disconnect');
      expect(await closedMine).toBe('io server disconnect');
      expect(unrelated.socket.connected).toBe(true);
      expect(await reconnect(theirs, otherDevice.token)).toBe('refused');
      expect(await reconnect(mine, (res.json() as { accessToken: string }).accessToken)).toBe('connected');
    } finally {
      closeAll(mine, theirs, unrelated);
    }
  });

  it('password reset through the mailed link closes the user’s sockets', async () => {
    const me = await session('carla');
    const l = await listen(peer, me);
    try {
      const closed = disconnected(l.socket, 3000);
      const mail = await nextMail(t.env.dataDir, me.email, async () => {
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/password-token/create', payload: { email: me.email } })).statusCode,
        ).toBeLessThan(300);
      });
      const token = new URL(mail.link!).searchParams.get('token')!;
      const used = await t.app.inject({
        method: 'PATCH',
        url: '/api/password-token/use',
        payload: { token, newPassword: 'senha-redefinida-1' },
      });
      expect(used.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect(await reconnect(l, me.token)).toBe('refused');
    } finally {
      closeAll(l);
    }
  });

  it('an admin setting a member’s password closes the member’s sockets', async () => {
    const admin = await session('ana');
    const member = await session('diego');
    const l = await listen(peer, member);
    try {
      const closed = disconnected(l.socket, 3000);
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/update/${member.id}`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { password: 'senha-do-admin-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect(await reconnect(l, member.token)).toBe('refused');
    } finally {
      closeAll(l);
    }
  });
});
