import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Conversation,
  Group,
  Message,
  MessageReactionEvent,
  MessageReceiptEvent,
  MessagesPage,
  UserStatusPayload,
} from '@chat/contracts';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, type TestApp, testDatabaseUrl, testRedisUrl } from '../../test/harness';
import { closeAll, eventMatching, listen, type Listener, nextEvent, settle, watchPresence } from '../../test/socket-helpers';

// Two server processes (two buildApp on their own ports) sharing the file's PostgreSQL database,
// Redis and key prefix, as two instances behind a load balancer would. Clients of one talk to
// clients of the other. Needs PostgreSQL and Redis (CI has both); skipped on PGlite.

describe.runIf(testDatabaseUrl() && testRedisUrl())('two server processes on one PostgreSQL and Redis', () => {
  let t: TestApp;
  let a: FastifyInstance, b: FastifyInstance;
  let ana: TestUser, bruno: TestUser, carla: TestUser;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    a = t.app;
    await a.listen({ port: 0, host: '127.0.0.1' });
    b = await startPeerApp(t);
    [ana, bruno, carla] = await createTeam(a, ['Ana Processo A', 'Bruno Processo B', 'Carla Processo B']);
  });
  afterEach(() => closeAll(a, listeners));
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  async function on(app: FastifyInstance, user: TestUser): Promise<Listener> {
    const l = await listen(app, user);
    listeners.push(l);
    return l;
  }
  const is = (user: TestUser, status: UserStatusPayload['status']) => (p: UserStatusPayload) => p.userId === user.id && p.status === status;
  const history = async (app: FastifyInstance, viewer: TestUser, conversationId: string) =>
    expectStatus<MessagesPage>(
      await as(app, viewer).get(`/message/get-messages-by-conversation?conversationId=${conversationId}&all=true`),
      200,
    ).messages;

  it('messages, typing, presence and read receipts cross between a client on A and one on B', async () => {
    const la = await on(a, ana);
    // ana's page on A shows bruno's chat: it asks about him, so it hears his changes from any process.
    expect(await watchPresence(la, bruno.id)).toEqual({ userId: bruno.id, status: 'offline', lastSeenAt: null });
    const lb = await on(b, bruno);
    // Presence: bruno connected on B, ana's client on A hears it; A's lookups see him too.
    expect(await eventMatching(la, 'userStatus', is(bruno, 'online'))).toEqual({ userId: bruno.id, status: 'online' });
    la.socket.emit('checkUserStatus', { userId: bruno.id });
    expect(await nextEvent(la, 'userStatusResponse')).toEqual({ userId: bruno.id, status: 'online' });

    // A conversation created on A reaches bruno on B.
    const conversation = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    expect(await eventMatching<Conversation>(lb, 'conversation', (c) => c.id === conversation.id)).toMatchObject({ id: conversation.id });

    // Messages both ways: sent over HTTP to one process, heard on the other's socket. DELIVERED at
    // once: A counts bruno's socket on B as online.
    const fromAna = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(conversation.id, 'oi de A')), 200);
    expect(fromAna.status).toBe('DELIVERED');
    expect(await eventMatching<Message>(lb, 'message', (m) => m.id === fromAna.id)).toEqual(fromAna);
    const fromBruno = expectStatus<Message>(await as(b, bruno).post('/message/send', textMessage(conversation.id, 'oi de B')), 200);
    expect(fromBruno.status).toBe('DELIVERED');
    expect(await eventMatching<Message>(la, 'message', (m) => m.id === fromBruno.id)).toEqual(fromBruno);

    // Typing both ways.
    la.socket.emit('user:typing', { conversationId: conversation.id, isTyping: true, targetUsersIds: [] });
    expect(await nextEvent(lb, 'user:typing:response')).toEqual({ conversationId: conversation.id, userId: ana.id, isTyping: true });
    lb.socket.emit('user:typing', { conversationId: conversation.id, isTyping: false, targetUsersIds: [] });
    expect(await nextEvent(la, 'user:typing:response')).toEqual({ conversationId: conversation.id, userId: bruno.id, isTyping: false });

    // Read receipt: bruno reads on B; ana's client on A hears it, and A reads the stored READ.
    lb.socket.emit('message:read:all', { conversationId: conversation.id });
    const response = { conversationId: conversation.id, readerId: bruno.id };
    expect(await nextEvent(la, 'message:read:response')).toEqual(response);
    expect(await eventMatching(lb, 'message:read:response', () => true)).toEqual(response);
    const stored = new Map((await history(a, ana, conversation.id)).map((m) => [m.id, m.status]));
    expect(stored.get(fromAna.id)).toBe('READ');
    expect(stored.get(fromBruno.id)).toBe('DELIVERED');

    await settle(a, listeners);
    expect(lb.of('user:typing:response')).toHaveLength(1);
    expect(la.of('user:typing:response')).toHaveLength(1);
  });

  it('every tab on either process hears every message; retries on both processes store one', async () => {
    const conversation = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
    const tabs = [await on(a, ana), await on(b, ana), await on(a, carla), await on(b, carla)];
    const sent = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(conversation.id, 'uma vez em cada aba')), 200);
    // The same send retried at once through both processes (a client that timed out twice).
    const retry = textMessage(conversation.id, 'repetida', { clientId: `retry-${sent.id}` });
    const answers = await Promise.all([a, b, a, b].map((app) => as(app, carla).post('/message/send', retry)));
    const ids = new Set(answers.map((r) => expectStatus<Message>(r, 200).id));
    expect(ids.size).toBe(1);
    await settle(a, listeners);
    // A retry answered from storage is announced again (pages merge by id): the new message once,
    // the retried one at least once. The order between processes is not the point here (one
    // author's order is, in messages.test).
    for (const tab of tabs) {
      const heard = (tab.of('message') as Message[]).map((m) => m.id);
      expect(heard.filter((id) => id === sent.id)).toHaveLength(1);
      expect(new Set(heard)).toEqual(new Set([sent.id, ...ids]));
    }
    expect((await history(b, carla, conversation.id)).filter((m) => m.clientId === retry.clientId)).toHaveLength(1);
  });

  it('concurrent sends and retries through both processes (group commit): one row per clientId, each tab hears each', async () => {
    const conversation = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    const tabs = [await on(a, ana), await on(b, ana), await on(a, bruno), await on(b, bruno)];
    // 12 sends, each posted twice at once: through A and through B (a client retrying elsewhere).
    const bodies = Array.from({ length: 12 }, (_, i) => ({ who: i % 2 ? bruno : ana, body: textMessage(conversation.id, `lote ${i}`) }));
    const answers = await Promise.all(
      bodies.flatMap(({ who, body }) => [as(a, who).post('/message/send', body), as(b, who).post('/message/send', body)]),
    );
    const answered = answers.map((r) => expectStatus<Message>(r, 200));
    for (let i = 0; i < bodies.length; i++) expect(answered[2 * i]!.id).toBe(answered[2 * i + 1]!.id);
    const clientIds = new Set(bodies.map(({ body }) => body.clientId));
    // The pair's conversation already holds the first test's messages.
    const stored = (await history(b, bruno, conversation.id)).filter((m) => clientIds.has(m.clientId!)).map((m) => m.id);
    expect(stored).toHaveLength(bodies.length);
    await settle(a, listeners);
    // On every tab, each message; the twin answered from storage announces it again. Each process
    // emits its own commits in seq order (message-commits.test); two processes' commits may
    // interleave on the way, so the order is not asserted here.
    for (const tab of tabs) expect(new Set((tab.of('message') as Message[]).map((m) => m.id))).toEqual(new Set(stored));
  });

  it('delivered on connect and presence with one tab on each process', async () => {
    const conversation = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
    const waiting = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(conversation.id, 'carla offline')), 200);
    expect(waiting.status).toBe('SENT');

    const watcherOnA = await on(a, ana);
    const watcherOnB = await on(b, bruno);
    await Promise.all([watchPresence(watcherOnA, carla.id), watchPresence(watcherOnB, carla.id)]);
    const tabOnB = await on(b, carla);
    expect(await eventMatching(watcherOnA, 'userStatus', is(carla, 'online'))).toBeTruthy();
    // Stored by B before it announced carla: A reads DELIVERED.
    expect((await history(a, ana, conversation.id)).find((m) => m.id === waiting.id)!.status).toBe('DELIVERED');

    // A second tab on the other process: no new announcement; closing the first keeps carla online.
    const tabOnA = await on(a, carla);
    listeners.splice(listeners.indexOf(tabOnB), 1);
    await closeAll(b, [tabOnB]);
    // The marker goes out from B after anything B announced, through the same Redis channel.
    await settle(b, [watcherOnA]);
    watcherOnA.socket.emit('checkUserStatus', { userId: carla.id });
    expect(await nextEvent(watcherOnA, 'userStatusResponse')).toEqual({ userId: carla.id, status: 'online' });
    expect(watcherOnA.of('userStatus').filter((p) => (p as UserStatusPayload).userId === carla.id)).toEqual([
      { userId: carla.id, status: 'online' },
    ]);

    // The last tab (on A) closes: bruno's client on B hears carla go offline.
    listeners.splice(listeners.indexOf(tabOnA), 1);
    await closeAll(a, [tabOnA]);
    const offline = await eventMatching<UserStatusPayload>(watcherOnB, 'userStatus', is(carla, 'offline'));
    expect(offline.lastSeenAt).toEqual(expect.any(String));
    expect(await b.ctx.presence.isOnline(carla.id)).toBe(false);
    // B answers with the time A announced: A stored it.
    await expect
      .poll(async () => {
        watcherOnB.socket.emit('checkUserStatus', { userId: carla.id });
        return (await nextEvent<UserStatusPayload>(watcherOnB, 'userStatusResponse')).lastSeenAt;
      })
      .toBe(offline.lastSeenAt);
  });

  it('an edit, a delete, a reaction and a group read made through one process reach a client on the other', async () => {
    const conversation = expectStatus<Conversation>(await as(a, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    const onB = await on(b, bruno);
    const onA = await on(a, ana);
    const m = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(conversation.id, 'antes')), 200);
    const edited = expectStatus<Message>(await as(a, ana).patch(`/message/${m.id}`, { body: 'depois' }), 200);
    expect(await eventMatching<Message>(onB, 'message:updated', (x) => x.id === m.id)).toEqual(edited);
    const reacted = expectStatus<MessageReactionEvent>(await as(a, ana).post(`/message/${m.id}/reactions`, { emoji: '🎉' }), 200);
    expect(await eventMatching<MessageReactionEvent>(onB, 'message:reaction', (x) => x.messageId === m.id)).toEqual(reacted);
    const deleted = expectStatus<Message>(await as(a, ana).delete(`/message/${m.id}`), 200);
    expect(await eventMatching<Message>(onB, 'message:deleted', (x) => x.id === m.id)).toEqual(deleted);
    expect((await history(b, bruno, conversation.id)).find((x) => x.id === m.id)).toMatchObject({
      content: { body: '' },
      deletedBy: 'author',
    });

    // Group read receipts: bruno reads on B, the author's client on A hears it.
    const group = expectStatus<Group>(
      await as(a, ana).post('/group/create', { name: 'Dois processos', description: '', members: [bruno.id] }),
      200,
    );
    const inGroup = expectStatus<Message>(await as(a, ana).post('/message/send', textMessage(group.id, 'leia', { isGroup: true })), 200);
    onB.socket.emit('group:read', { groupId: group.id });
    // Who read it and that it is read by all may come apart: bruno's read is applied on B, the
    // author's own read of her post on A, and whichever process applies the later one completes it.
    await expect
      .poll(
        () => {
          const receipts = (onA.of('message:receipt') as MessageReceiptEvent[]).filter(
            (r) => r.groupId === group.id && r.status === 'READ',
          );
          return {
            brunoRead: receipts.some((r) => r.userIds.includes(bruno.id)),
            completed: receipts.some((r) => r.completedIds.includes(inGroup.id)),
          };
        },
        { timeout: 10_000 },
      )
      .toEqual({ brunoRead: true, completed: true });
  });

  it('a token from before a password change made through B is refused by a send through A, which had the user cached', async () => {
    const [dani, edu] = await createTeam(a, ['Dani Senha', 'Edu Senha']);
    const hash = await hashPassword('senha-antiga-123');
    await a.ctx.db.update(users).set({ passwordHash: hash }).where(eq(users.id, dani.id));
    // Stamped with the password, as a sign-in's token is.
    const old = { ...dani, token: await a.ctx.accessTokens.sign({ ...dani, passwordHash: hash }) };
    const chat = expectStatus<Conversation>(await as(a, old).post('/conversation/create', { userTwoId: edu.id }), 200);
    expectStatus(await as(a, old).post('/message/send', textMessage(chat.id, 'antes da troca')), 200);

    expectStatus(await as(b, old).patch('/user/update-password', { oldPassword: 'senha-antiga-123', newPassword: 'senha-nova-456' }), 200);
    const after = textMessage(chat.id, 'depois da troca');
    expect((await as(a, old).post('/message/send', after)).statusCode).toBe(401);
    expect((await as(a, old).get('/conversation/get-conversations')).statusCode).toBe(401);
    expect((await history(a, edu, chat.id)).map((m) => m.content.body)).toEqual(['antes da troca']);
  });

  it('a process that shuts down announces its users offline to clients of the other', async () => {
    const watcher = await on(a, ana);
    await watchPresence(watcher, carla.id);
    const third = await startPeerApp(t);
    try {
      await listen(third, carla);
      await eventMatching(watcher, 'userStatus', is(carla, 'online'));
    } finally {
      await third.close();
    }
    expect(await eventMatching(watcher, 'userStatus', is(carla, 'offline'))).toBeTruthy();
    expect(await a.ctx.presence.isOnline(carla.id)).toBe(false);
  });
});
