import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message, MessagesPage } from '@chat/contracts';
import { messages } from '../../db/schema';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, type TestApp, testDatabaseUrl } from '../../test/harness';
import { startPrivateRedis, type PrivateRedis } from '../../test/private-redis';
import { eventMatching, listen, type Listener, nextEvent } from '../../test/socket-helpers';

// Two server processes on the file's PostgreSQL database and a Redis of this file's own, which is
// killed and started again empty (no persistence), as in a crash. Needs PostgreSQL: PGlite is one
// process.

describe.runIf(testDatabaseUrl())('a Redis restart under two processes', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let a: FastifyInstance, b: FastifyInstance;
  let ana: TestUser, bruno: TestUser, carla: TestUser;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await createTestApp({ seedDemo: false, env: { REDIS_URL: redis.url } });
    a = t.app;
    await a.listen({ port: 0, host: '127.0.0.1' });
    b = await startPeerApp(t);
    [ana, bruno, carla] = await createTeam(a, ['Ana Queda', 'Bruno Queda', 'Carla Queda']);
  });
  afterAll(async () => {
    for (const l of listeners) l.socket.disconnect();
    await b?.close();
    await t?.close();
    await redis?.remove();
  });

  async function on(app: FastifyInstance, user: TestUser): Promise<Listener> {
    const l = await listen(app, user);
    listeners.push(l);
    return l;
  }
  const history = async (app: FastifyInstance, viewer: TestUser, conversationId: string) =>
    expectStatus<MessagesPage>(
      await as(app, viewer).get(`/message/get-messages-by-conversation?conversationId=${conversationId}&all=true`),
      200,
    ).messages;
  const storedStatus = async (id: string) =>
    (await a.ctx.db.select({ status: messages.status }).from(messages).where(eq(messages.id, id)))[0]?.status;

  it('every page on both processes is told to catch up once the subscriptions are back; its catch-up holds what was sent during the outage, and statuses are rebuilt', async () => {
    const withBruno = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    const withCarla = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
    const anaOnA = await on(a, ana);
    // Bruno has a tab on each process: A finds him online without Redis, so A's send below is
    // committed while Redis is down; his tab on B can only hear it through Redis.
    await on(a, bruno);
    const brunoOnB = await on(b, bruno);
    const carlaOnB = await on(b, carla);
    const syncs = [anaOnA, brunoOnB, carlaOnB].map((l) => nextEvent(l, 'sync:required', 25_000));

    await redis.kill();
    const duringOutage = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(withBruno.id, 'durante a queda')), 200);
    expect(duringOutage.status).toBe('DELIVERED');
    // Carla is on B only: A must ask Redis about her, and the send waits for it.
    const toCarla = as(a, ana).post('/message/send', textMessage(withCarla.id, 'para a Carla, durante a queda'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await redis.start();

    await Promise.all(syncs);
    // The page's catch-up after the signal: the message is there, whether or not it also came live.
    expect((await history(b, bruno, withBruno.id)).map((m) => m.id)).toContain(duringOutage.id);
    // Nothing asked the tabs to catch up before the outage, and once each after it.
    for (const l of [anaOnA, brunoOnB, carlaOnB]) expect(l.of('sync:required')).toEqual([undefined]);

    // Presence is rebuilt from the processes' sockets: A sees Carla (on B) online again, and the
    // message sent to her while the store was gone does not stay SENT.
    const forCarla = expectStatus<Message>(await toCarla, 200);
    await vi.waitFor(async () => expect(await a.ctx.presence.isOnline(carla.id)).toBe(true), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await storedStatus(forCarla.id)).toBe('DELIVERED'), { timeout: 10_000 });
    const after = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(withCarla.id, 'depois da volta')), 200);
    expect(after.status).toBe('DELIVERED');
    // And a message sent through A after the signal reaches B live.
    const again = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(withBruno.id, 'ao vivo de novo')), 200);
    expect(await eventMatching<Message>(brunoOnB, 'message', (m) => m.id === again.id)).toEqual(again);
  }, 60_000);
});
