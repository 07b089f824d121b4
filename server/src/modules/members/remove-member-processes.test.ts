import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { as, expectStatus } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, type TestApp, testDatabaseUrl, testRedisUrl } from '../../test/harness';
import { closeAll, type Listener, listen, nextEvent } from '../../test/socket-helpers';
import { createAdminTeam, disconnected } from '../../test/team';

// Removing a member whose tabs are connected to another server process: the Redis adapter
// carries both the warning and the disconnection. PostgreSQL + Redis only (skipped on PGlite).

describe.runIf(testDatabaseUrl() && testRedisUrl())('removing a member connected to another process', () => {
  let t: TestApp;
  let a: FastifyInstance, b: FastifyInstance;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    a = t.app;
    await a.listen({ port: 0, host: '127.0.0.1' });
    b = await startPeerApp(t);
  });
  afterAll(async () => {
    await closeAll(a, listeners);
    await b?.close();
    await t?.close();
  });

  it('disconnects the sockets on both processes within a second, after telling them', async () => {
    const {
      admin,
      members: [bia, caio],
    } = await createAdminTeam(a, ['Bia Lima', 'Caio Reis']);
    const onB = await listen(b, bia);
    const onA = await listen(a, bia);
    const colleague = await listen(b, caio);
    listeners.push(onB, onA, colleague);
    const told = [nextEvent(onB, 'account:deactivated'), nextEvent(onA, 'account:deactivated')];
    const gone = [disconnected(onB.socket), disconnected(onA.socket)];

    expectStatus(await as(a, admin).delete(`/user/${bia.id}`), 200);

    expect(await Promise.all(told)).toEqual([{ userId: bia.id }, { userId: bia.id }]);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(colleague.socket.connected).toBe(true);
    expect(colleague.of('account:deactivated')).toEqual([]);
  });
});
