import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group, OutgoingWebhookCreated } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, type TestApp, testDatabaseUrl, testRedisUrl } from '../../test/harness';

// The outgoing webhooks' queue is a table: a delivery waiting for its retry survives a restart,
// and several processes polling it post each delivery once.

interface Receiver {
  server: Server;
  base: string;
  bodies: string[];
  /** Statuses to answer first, in order; 200 after them. */
  failFirst: number[];
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { server: createServer(), base: '', bodies: [], failFirst: [] };
  receiver.server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.bodies.push(Buffer.concat(chunks).toString());
      response.statusCode = receiver.failFirst.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.base = `http://localhost:${(receiver.server.address() as AddressInfo).port}`;
  return receiver;
}

const ids = (bodies: readonly string[]) => bodies.map((b) => (JSON.parse(b) as { message: { id: string } }).message.id);

async function outgoingGroup(app: FastifyInstance, owner: TestUser, member: TestUser, url: string) {
  const group = expectStatus<Group>(
    await as(app, owner).post('/group/create', { name: 'Fila', description: '', members: [member.id] }),
    200,
  );
  expectStatus<OutgoingWebhookCreated>(
    await as(app, owner).post(`/group/${group.id}/outgoing-webhooks`, { name: 'Fila', url, trigger: 'all' }),
    200,
  );
  return group;
}

describe('the delivery queue', () => {
  let t: TestApp;
  let receiver: Receiver;
  let ana: TestUser, bruno: TestUser;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({
      seedDemo: false,
      env: { WEBHOOK_ALLOWED_HOSTS: 'localhost' },
      app: { webhooks: { pollMs: 50, retryDelaysMs: [1500], timeoutMs: 2000 } },
    });
    [ana, bruno] = await createTeam(t.app, ['Ana Fila', 'Bruno Fila']);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('keeps a delivery waiting for its retry across a restart, and posts it after', async () => {
    const group = await outgoingGroup(t.app, ana, bruno, `${receiver.base}/reinicio`);
    receiver.failFirst.push(500);
    const sent = expectStatus<{ id: string }>(
      await as(t.app, bruno).post('/message/send', textMessage(group.id, 'antes de reiniciar', { isGroup: true })),
      200,
    );
    await expect.poll(() => receiver.bodies.length).toBe(1);
    const app = await t.restart();
    await app.ready();
    await expect.poll(() => receiver.bodies.length, { timeout: 6000 }).toBe(2);
    expect(ids(receiver.bodies)).toEqual([sent.id, sent.id]);
  });
});

describe.runIf(testDatabaseUrl() && testRedisUrl())('two processes on one queue', () => {
  let t: TestApp;
  let peer: FastifyInstance;
  let receiver: Receiver;
  let ana: TestUser, bruno: TestUser;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp({ seedDemo: false, env: { WEBHOOK_ALLOWED_HOSTS: 'localhost' }, app: { webhooks: { pollMs: 50 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    peer = await startPeerApp(t);
    [ana, bruno] = await createTeam(t.app, ['Ana Dupla', 'Bruno Dupla']);
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('posts each message once, whichever process sent it', async () => {
    const group = await outgoingGroup(t.app, ana, bruno, `${receiver.base}/dupla`);
    const sent: string[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? t.app : peer;
      sent.push(
        expectStatus<{ id: string }>(await as(app, bruno).post('/message/send', textMessage(group.id, `m${i}`, { isGroup: true })), 200).id,
      );
    }
    await expect.poll(() => receiver.bodies.length, { timeout: 10_000 }).toBe(12);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(ids(receiver.bodies).sort()).toEqual([...sent].sort());
  });
});
