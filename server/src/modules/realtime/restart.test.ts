import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { type Conversation, type Message, type MessagesPage, SOCKET_NAMESPACE } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// A restart: the closing process cuts its sockets at the transport, so socket.io-client
// reconnects on its own, with its back-off, to the next process on the same address; what was sent
// while it was away comes with the catch-up the page does after a reconnect (the history).

let t: TestApp;
let port: number;
let ana: TestUser, bruno: TestUser;
let conversation: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  [ana, bruno] = await createTeam(t.app, ['Ana Reinício', 'Bruno Reinício']);
  conversation = expectStatus<Conversation>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
});
afterAll(() => t?.close());

/** A page's socket: socket.io's own reconnection, with short delays, and nothing else. */
function pageSocket(user: TestUser): Socket {
  return connect(`http://127.0.0.1:${port}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: user.token },
    query: { id: user.id, name: user.name },
    reconnection: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
  });
}

const connected = (socket: Socket) => new Promise<void>((resolve) => socket.once('connect', () => resolve()));

describe('a restart', () => {
  it('drops the sockets as a lost connection; they come back to the new process by themselves and the catch-up brings what was sent meanwhile', async () => {
    const socket = pageSocket(bruno);
    const live: Message[] = [];
    socket.on('message', (m: Message) => live.push(m));
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    try {
      await connected(socket);
      const before = expectStatus<Message>(await as(t.app, ana).post('/message/send', textMessage(conversation.id, 'antes')), 200);
      await expect.poll(() => live.map((m) => m.id)).toEqual([before.id]);

      const started = Date.now();
      await t.app.close();
      // Cut, not closed politely: no closing handshake to wait for, and not 'io server disconnect',
      // which socket.io never retries (the page would stay offline).
      expect(Date.now() - started).toBeLessThan(3000);
      await expect.poll(() => reasons).toHaveLength(1);
      expect(['transport close', 'transport error']).toContain(reasons[0]);
      expect(socket.active).toBe(true);

      // Sent while no process listens: the new one has it before bruno's socket is back.
      const next = await t.restart();
      const during = expectStatus<Message>(await as(next, ana).post('/message/send', textMessage(conversation.id, 'durante')), 200);
      const back = connected(socket);
      await next.listen({ port, host: '127.0.0.1' });
      await back;

      // The catch-up after the reconnect (what the shell asks on 'socket:reconnected').
      const page = expectStatus<MessagesPage>(
        await as(next, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}`),
        200,
      );
      expect(page.messages.map((m) => m.id)).toEqual([before.id, during.id]);
      expect(live.map((m) => m.id)).toEqual([before.id]);
      // Back in its rooms on the new process: a message from now on arrives live, once.
      await next.ctx.presence.whenIdle();
      const after = expectStatus<Message>(await as(next, ana).post('/message/send', textMessage(conversation.id, 'depois')), 200);
      expect(after.status).toBe('DELIVERED');
      await expect.poll(() => live.map((m) => m.id)).toEqual([before.id, after.id]);
      expect(reasons).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });

  it('answers every send it accepted only once committed, and a send cut by the restart stored once when retried on the new process', async () => {
    const post = (body: object) =>
      fetch(`http://127.0.0.1:${port}/api/message/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(
        async (r) => (r.status === 200 ? ((await r.json()) as Message) : null),
        () => null,
      );
    const bodies = Array.from({ length: 30 }, (_, i) => textMessage(conversation.id, `no reinício ${i}`));
    // Sends in flight while the process closes: each is answered 200 (then it must be stored),
    // 503 or cut (then the client retries it, with the same clientId, on the next process).
    const first = post(bodies[0]!);
    const rest = bodies.slice(1).map((b) => post(b));
    await first;
    await t.app.close();
    const answers = [await first, ...(await Promise.all(rest))];
    const next = await t.restart();
    await next.listen({ port, host: '127.0.0.1' });
    const stored = expectStatus<MessagesPage>(
      await as(next, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    ).messages;
    for (const [i, answer] of answers.entries()) {
      if (answer) expect(stored.find((m) => m.clientId === bodies[i]!.clientId)?.id).toBe(answer.id);
    }
    const retried = await Promise.all(bodies.map(async (b, i) => answers[i] ?? (await post(b))));
    expect(retried.every((m) => m !== null)).toBe(true);
    const after = expectStatus<MessagesPage>(
      await as(next, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    ).messages;
    for (const b of bodies) expect(after.filter((m) => m.clientId === b.clientId)).toHaveLength(1);
  });
});
