import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Message, MessageReceiptEvent, MessageReceipts, MessagesPage } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, eventMatching, type Listener, listen, listenAll, nextEvent, settle, watchPresence } from '../../test/socket-helpers';

let t: TestApp;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const send = async (from: TestUser, chatId: string, body: string, isGroup = false) =>
  expectStatus<Message>(await as(t.app, from).post('/message/send', textMessage(chatId, body, { isGroup })), 200);
const createConversation = async (a: TestUser, b: TestUser) =>
  expectStatus<Conversation>(await as(t.app, a).post('/conversation/create', { userTwoId: b.id }), 200);
/** id -> stored message, as the history route answers it. */
async function stored(viewer: TestUser, conversationId: string): Promise<Map<string, Message>> {
  const page = expectStatus<MessagesPage>(
    await as(t.app, viewer).get(`/message/get-messages-by-conversation?conversationId=${conversationId}&all=true`),
    200,
  );
  return new Map(page.messages.map((m) => [m.id, m]));
}
async function unreadOf(viewer: TestUser, conversationId: string): Promise<number> {
  const list = expectStatus<Conversation[]>(await as(t.app, viewer).get('/conversation/get-conversations?showEmpty=true'), 200);
  return list.find((c) => c.id === conversationId)!.unreadMessages;
}
const online = (user: TestUser) => (p: { userId: string; status: string }) => p.userId === user.id && p.status === 'online';

describe('delivered when the recipient connects', () => {
  it('turns the SENT messages to the user into DELIVERED (stored, updatedAt bumped) before announcing them online', async () => {
    const [ana, bruno, carla, davi] = await createTeam(t.app, ['Ana Entrega', 'Bruno Entrega', 'Carla Entrega', 'Davi Entrega']);
    const anaBruno = await createConversation(ana, bruno);
    const anaCarla = await createConversation(ana, carla);
    const fromBruno = await send(bruno, anaBruno.id, 'de bruno, ana offline');
    const toBruno = await send(ana, anaBruno.id, 'para bruno offline');
    const toCarla = await send(ana, anaCarla.id, 'para carla offline');
    for (const m of [fromBruno, toBruno, toCarla]) expect(m.status).toBe('SENT');

    const [watcher] = await listenAll(t.app, [davi], listeners);
    await watchPresence(watcher, bruno.id);
    listeners.push(await listen(t.app, bruno));
    await eventMatching(watcher, 'userStatus', online(bruno));
    // Read right after the announcement: the update was stored before it went out.
    const after = await stored(ana, anaBruno.id);
    expect(after.get(toBruno.id)).toMatchObject({ status: 'DELIVERED' });
    expect(Date.parse(after.get(toBruno.id)!.updatedAt)).toBeGreaterThan(Date.parse(toBruno.updatedAt));
    // Only messages TO bruno: his own stay SENT (ana is offline), carla's conversation is untouched.
    expect(after.get(fromBruno.id)).toMatchObject({ status: 'SENT', updatedAt: fromBruno.updatedAt });
    expect((await stored(ana, anaCarla.id)).get(toCarla.id)).toMatchObject({ status: 'SENT' });
  });

  it('users who connect at the same moment go in one statement: each gets exactly the messages addressed to them, conversations and groups', async () => {
    const [ana, bruno, carla, davi, eva] = await createTeam(t.app, ['Ana Onda', 'Bruno Onda', 'Carla Onda', 'Davi Onda', 'Eva Onda']);
    const [anaBruno, brunoCarla, carlaDavi] = [
      await createConversation(ana, bruno),
      await createConversation(bruno, carla),
      await createConversation(carla, davi),
    ];
    const group = expectStatus<{ id: string }>(
      await as(t.app, eva).post('/group/create', { name: 'Grupo da onda', description: '', members: [bruno.id, carla.id, davi.id] }),
      200,
    );
    const anaToBruno = await send(ana, anaBruno.id, 'para bruno');
    const brunoToAna = await send(bruno, anaBruno.id, 'para ana, offline');
    const brunoToCarla = await send(bruno, brunoCarla.id, 'para carla');
    const carlaToBruno = await send(carla, brunoCarla.id, 'para bruno');
    const carlaToDavi = await send(carla, carlaDavi.id, 'para davi, offline');
    const inGroup = await send(eva, group.id, 'para o grupo', true);
    const [le] = await listenAll(t.app, [eva], listeners);
    await t.app.ctx.presence.whenIdle();
    le.events.length = 0;

    // Both connect together: bruno's and carla's delivery go in one batch (after a first one alone at most).
    const wave = [bruno, carla, bruno, carla].map((u) => listen(t.app, u));
    listeners.push(...(await Promise.all(wave)));
    await t.app.ctx.presence.whenIdle();

    const stories = new Map([
      ...(await stored(ana, anaBruno.id)),
      ...(await stored(bruno, brunoCarla.id)),
      ...(await stored(carla, carlaDavi.id)),
    ]);
    expect(stories.get(anaToBruno.id)!.status).toBe('DELIVERED');
    expect(stories.get(brunoToCarla.id)!.status).toBe('DELIVERED');
    expect(stories.get(carlaToBruno.id)!.status).toBe('DELIVERED');
    // Not to someone who stayed away, even in a conversation with one who came.
    expect(stories.get(brunoToAna.id)).toMatchObject({ status: 'SENT', updatedAt: brunoToAna.updatedAt });
    expect(stories.get(carlaToDavi.id)).toMatchObject({ status: 'SENT', updatedAt: carlaToDavi.updatedAt });
    // The group's author hears that it reached the readers who came (gathered in one event or
    // two), none for davi.
    await expect
      .poll(() => new Set((le.of('message:receipt') as MessageReceiptEvent[]).flatMap((r) => r.userIds)), { timeout: 3000 })
      .toEqual(new Set([bruno.id, carla.id]));
    for (const r of le.of('message:receipt')) expect(r).toMatchObject({ groupId: group.id, status: 'DELIVERED', completedIds: [] });
    expect(
      expectStatus<MessageReceipts>(await as(t.app, eva).get(`/message/${inGroup.id}/receipts`), 200)
        .deliveredTo.map((r) => r.user.id)
        .sort(),
    ).toEqual([bruno.id, carla.id].sort());
  });

  it('touches only SENT messages: READ stays READ, DELIVERED keeps its updatedAt', async () => {
    const [ana, bruno] = await createTeam(t.app, ['Ana Lida', 'Bruno Lido']);
    const conversation = await createConversation(ana, bruno);
    const read = await send(ana, conversation.id, 'lida antes');
    const [lb] = await listenAll(t.app, [bruno], listeners);
    lb.socket.emit('message:read:all', { conversationId: conversation.id });
    await nextEvent(lb, 'message:read:response');
    const delivered = await send(ana, conversation.id, 'entregue com bruno online');
    expect(delivered.status).toBe('DELIVERED');
    await closeAll(t.app, listeners);
    const sent = await send(ana, conversation.id, 'ainda não entregue');
    expect(sent.status).toBe('SENT');

    listeners.push(await listen(t.app, bruno));
    const after = await stored(ana, conversation.id);
    expect(after.get(read.id)!.status).toBe('READ');
    expect(after.get(delivered.id)).toMatchObject({ status: 'DELIVERED', updatedAt: delivered.updatedAt });
    expect(after.get(sent.id)!.status).toBe('DELIVERED');
  });
});

describe('message:read:all and message:read', () => {
  it.each(['message:read:all', 'message:read'])(
    '%s marks the other side’s messages READ (stored), clears the unread count, tells both participants',
    async (event) => {
      const [ana, bruno, carla] = await createTeam(t.app, ['Ana Leitura', 'Bruno Leitura', 'Carla Leitura']);
      const conversation = await createConversation(ana, bruno);
      const [la, lb, lbTab2, lc] = await listenAll(t.app, [ana, bruno, bruno, carla], listeners);
      const toBruno = [await send(ana, conversation.id, 'um'), await send(ana, conversation.id, 'dois')];
      const toAna = await send(bruno, conversation.id, 'de bruno');
      expect(toBruno.map((m) => m.status)).toEqual(['DELIVERED', 'DELIVERED']);
      expect(await unreadOf(bruno, conversation.id)).toBe(2);
      await settle(t.app, listeners);
      for (const l of listeners) l.events.length = 0;

      lb.socket.emit(event, { conversationId: conversation.id });
      const response = { conversationId: conversation.id, readerId: bruno.id };
      expect(await nextEvent(la, 'message:read:response')).toEqual(response);

      const after = await stored(ana, conversation.id);
      for (const m of toBruno) {
        expect(after.get(m.id)!.status).toBe('READ');
        expect(Date.parse(after.get(m.id)!.updatedAt)).toBeGreaterThan(Date.parse(m.updatedAt));
      }
      // Bruno's own message is not read by his reading.
      expect(after.get(toAna.id)).toMatchObject({ status: 'DELIVERED', updatedAt: toAna.updatedAt });
      expect(await unreadOf(bruno, conversation.id)).toBe(0);
      expect(await unreadOf(ana, conversation.id)).toBe(1);

      await settle(t.app, listeners);
      // The author and every tab of the reader hear it; nobody else.
      for (const l of [la, lb, lbTab2]) expect(l.events).toEqual([{ event: 'message:read:response', payload: response }]);
      expect(lc.events).toEqual([]);
    },
  );

  it('a read bounded by the newest message shown leaves what came after it unread; the response says up to when', async () => {
    const [ana, bruno, carla] = await createTeam(t.app, ['Ana Limite', 'Bruno Limite', 'Carla Limite']);
    const conversation = await createConversation(ana, bruno);
    const other = await createConversation(ana, carla);
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const seen = [await send(ana, conversation.id, 'vista 1'), await send(ana, conversation.id, 'vista 2')];
    const later = await send(ana, conversation.id, 'chegou depois de sair');
    const elsewhere = await send(ana, other.id, 'de outra conversa');

    // A bound from another conversation reads nothing and tells nobody.
    lb.socket.emit('message:read:all', { conversationId: conversation.id, lastMessageId: elsewhere.id });
    lb.socket.emit('message:read:all', { conversationId: conversation.id, lastMessageId: seen[1]!.id });
    const response = await nextEvent(la, 'message:read:response');
    expect(response).toEqual({ conversationId: conversation.id, readerId: bruno.id, readUpTo: seen[1]!.createdAt });

    const after = await stored(ana, conversation.id);
    expect(seen.map((m) => after.get(m.id)!.status)).toEqual(['READ', 'READ']);
    expect(after.get(later.id)!.status).toBe('DELIVERED');
    expect(await unreadOf(bruno, conversation.id)).toBe(1);
    await settle(t.app, listeners);
    expect(lb.of('message:read:response')).toEqual([response]);
  });

  it('drops a read from a non-participant (nothing stored, nobody told)', async () => {
    const [ana, bruno, carla] = await createTeam(t.app, ['Ana Intrusa', 'Bruno Intruso', 'Carla Intrusa']);
    const [stranger] = await createTeam(t.app, ['Estranho Intruso']);
    const conversation = await createConversation(ana, bruno);
    const carlaAna = await createConversation(carla, ana);
    const message = await send(ana, conversation.id, 'só para bruno');
    const [la, lb, lc, ls] = await listenAll(t.app, [ana, bruno, carla, stranger], listeners);
    lc.socket.emit('message:read:all', { conversationId: conversation.id });
    ls.socket.emit('message:read', { conversationId: conversation.id });
    // Handled in order per socket: once carla's next read is answered, her first one was dropped.
    lc.socket.emit('message:read:all', { conversationId: carlaAna.id });
    expect(await nextEvent(lc, 'message:read:response')).toEqual({ conversationId: carlaAna.id, readerId: carla.id });
    ls.socket.emit('checkUserStatus', { userId: stranger.id });
    await nextEvent(ls, 'userStatusResponse');

    expect((await stored(ana, conversation.id)).get(message.id)!.status).toBe('DELIVERED');
    expect(await unreadOf(bruno, conversation.id)).toBe(1);
    await settle(t.app, listeners);
    expect(la.of('message:read:response')).toEqual([{ conversationId: carlaAna.id, readerId: carla.id }]);
    expect(lb.events).toEqual([]);
    expect(ls.of('message:read:response')).toEqual([]);
  });
});
