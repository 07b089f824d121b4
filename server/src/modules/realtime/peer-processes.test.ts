import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import * as msgpack from 'notepack.io';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, type TestApp, testDatabaseUrl, testRedisUrl } from '../../test/harness';
import { closeAll, eventMatching, listen, type Listener, settle } from '../../test/socket-helpers';
import { PeerProcesses } from './peer-processes';

// Issue 14: a process alone on its Redis deployment keeps its broadcasts local; once another
// process joins, every broadcast after the join is published (the newcomer's sockets miss none).

const url = testRedisUrl();
const clients: Redis[] = [];
const redis = () => {
  const client = new Redis(url!, { maxRetriesPerRequest: null });
  clients.push(client);
  return client;
};
afterAll(() => clients.forEach((c) => c.disconnect()));

describe.runIf(url)('PeerProcesses on a real Redis', () => {
  const started: PeerProcesses[] = [];
  afterEach(() => started.splice(0).forEach((p) => p.stop()));
  const channel = () => `chat-test-${randomBytes(4).toString('hex')}-processes`;
  const peer = async (name: string, options = {}) => {
    const sub = redis();
    const p = new PeerProcesses(redis(), sub, name, (error) => {
      throw error;
    }, { checkMs: 0, ...options });
    started.push(p);
    await p.start();
    return { p, sub };
  };

  it('alone at start; a newcomer makes both publish before its start resolves; alone again once it is gone', async () => {
    const name = channel();
    const first = await peer(name);
    expect(first.p.isAlone).toBe(true);
    const second = await peer(name);
    expect(first.p.isAlone).toBe(false);
    expect(second.p.isAlone).toBe(false);

    // A check while the other is still there changes nothing.
    await first.p.check();
    expect(first.p.isAlone).toBe(false);
    second.p.stop();
    await second.sub.unsubscribe(name);
    await first.p.check();
    expect(first.p.isAlone).toBe(true);
  });

  it('a subscriber that never answers only delays the start, and nobody counts as alone', async () => {
    const name = channel();
    const silent = redis();
    await silent.subscribe(name);
    const before = Date.now();
    const { p } = await peer(name, { ackTimeoutMs: 300 });
    expect(Date.now() - before).toBeGreaterThanOrEqual(290);
    expect(p.isAlone).toBe(false);
  });

  it('drops what is not a signal, and answers a hello after flipping', async () => {
    const name = channel();
    const { p } = await peer(name);
    const other = redis();
    const answers: string[] = [];
    other.on('message', (_channel: string, text: string) => answers.push(text));
    await other.subscribe(name);
    const publisher = redis();
    for (const junk of ['null', '{"type":"hello"}', 'not json', '{"type":"ack","from":"x"}']) await publisher.publish(name, junk);
    expect(p.isAlone).toBe(true);
    await publisher.publish(name, JSON.stringify({ type: 'hello', from: 'x' }));
    await expect.poll(() => answers.filter((a) => a.includes('"to":"x"')).map((a) => JSON.parse(a) as unknown)).toEqual([{ type: 'ack', from: expect.any(String), to: 'x' }]);
    expect(p.isAlone).toBe(false);
  });

  it('is not alone after its own connection came back, until a count says so', async () => {
    const name = channel();
    const { p, sub } = await peer(name);
    expect(p.isAlone).toBe(true);
    const back = new Promise((resolve) => sub.once('ready', resolve));
    sub.disconnect(true);
    await back;
    expect(p.isAlone).toBe(false);
    await p.check();
    expect(p.isAlone).toBe(true);
  });
});

describe.runIf(testDatabaseUrl() && url)('a lone process and a second one joining', () => {
  let t: TestApp;
  let b: FastifyInstance | null = null;
  const listeners: Listener[] = [];
  afterAll(async () => {
    await closeAll(t.app, listeners);
    await b?.close();
    await t?.close();
  });

  /** The `message` events published on the deployment's broadcast channels, in Redis's order. */
  async function publishedMessages(prefix: string): Promise<string[]> {
    const watcher = redis();
    const seen: string[] = [];
    watcher.on('pmessageBuffer', (_pattern: Buffer, _channel: Buffer, raw: Buffer) => {
      const [, packet] = msgpack.decode(raw) as [string, { data?: [string, { id?: string }] }];
      if (packet?.data?.[0] === 'message' && packet.data[1]?.id) seen.push(packet.data[1].id);
    });
    await watcher.psubscribe(`${prefix}#*`);
    return seen;
  }

  it('publishes no message while alone, and the first message after a join reaches the newcomer', async () => {
    t = await createTestApp({ seedDemo: false });
    const a = t.app;
    await a.listen({ port: 0, host: '127.0.0.1' });
    const [ana, bruno] = await createTeam(a, ['Ana Sozinha', 'Bruno Chegou']);
    const published = await publishedMessages(t.env.redisKeyPrefix);
    const conversation = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);

    // Alone: delivered to the local tab, nothing through Redis.
    const brunoOnA = await listen(a, bruno);
    listeners.push(brunoOnA);
    const alone = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(conversation.id, 'só aqui')), 200);
    expect(await eventMatching<Message>(brunoOnA, 'message', (m) => m.id === alone.id)).toEqual(alone);

    // B joins; bruno's next tab is on B. The next message from A reaches it, and Redis carried it
    // but never the one before (Redis delivers in publishing order: it would have come first).
    b = await startPeerApp(t);
    const brunoOnB = await listen(b, bruno);
    listeners.push(brunoOnB);
    const joined = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(conversation.id, 'agora em dois')), 200);
    expect(await eventMatching<Message>(brunoOnB, 'message', (m) => m.id === joined.id)).toEqual(joined);
    expect(await eventMatching<Message>(brunoOnA, 'message', (m) => m.id === joined.id)).toEqual(joined);
    await expect.poll(() => published).toContain(joined.id);
    expect(published).not.toContain(alone.id);
    await settle(a, listeners);
    expect(brunoOnA.of('message')).toHaveLength(2);
    expect(brunoOnB.of('message')).toHaveLength(1);
  });
});
