import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, nextEvent, settle } from '../../test/socket-helpers';

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, stranger: TestUser;
let anaBruno: Conversation, carlaAna: Conversation;
let group: Group;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Digita', 'Bruno Digita', 'Carla Digita']);
  [stranger] = await createTeam(t.app, ['Estranho Digita']);
  anaBruno = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  carlaAna = expectStatus(await as(t.app, carla).post('/conversation/create', { userTwoId: ana.id }), 200);
  group = expectStatus(
    await as(t.app, ana).post('/group/create', { name: 'Digitação', description: '', members: [bruno.id, carla.id] }),
    200,
  );
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const typing = (from: Listener, conversationId: string, isTyping: boolean, targetUsersIds: string[] = []) =>
  from.socket.emit('user:typing', { conversationId, isTyping, targetUsersIds });

describe('user:typing', () => {
  it('reaches only the other participant (every tab), whatever targetUsersIds names', async () => {
    const [la, laTab2, lb, lbTab2, lc, ls] = await listenAll(t.app, [ana, ana, bruno, bruno, carla, stranger], listeners);
    typing(la, anaBruno.id, true, [carla.id, stranger.id, ana.id]);
    const expected = { conversationId: anaBruno.id, userId: ana.id, isTyping: true };
    expect(await nextEvent(lb, 'user:typing:response')).toEqual(expected);
    typing(la, anaBruno.id, false, []);
    expect(await nextEvent(lb, 'user:typing:response')).toEqual({ ...expected, isTyping: false });

    await settle(t.app, listeners);
    expect(lb.events).toEqual([
      { event: 'user:typing:response', payload: expected },
      { event: 'user:typing:response', payload: { ...expected, isTyping: false } },
    ]);
    expect(lbTab2.events).toEqual(lb.events);
    for (const l of [la, laTab2, lc, ls]) expect(l.events).toEqual([]);
  });

  it('works both ways (userTwo typing reaches userOne)', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    typing(lb, anaBruno.id, true, [ana.id]);
    expect(await nextEvent(la, 'user:typing:response')).toEqual({ conversationId: anaBruno.id, userId: bruno.id, isTyping: true });
  });

  it('drops typing from a non-participant, and for a group id (conversations only)', async () => {
    const [la, lb, lc, ls] = await listenAll(t.app, [ana, bruno, carla, stranger], listeners);
    typing(lc, anaBruno.id, true, [ana.id, bruno.id]);
    typing(ls, anaBruno.id, true, [ana.id, bruno.id]);
    typing(lc, group.id, true, [ana.id, bruno.id]);
    typing(la, group.id, true, [bruno.id, carla.id]);
    // One socket's events are handled in order: once these arrive, the ones above were dropped.
    typing(lc, carlaAna.id, true);
    expect(await nextEvent(la, 'user:typing:response')).toEqual({ conversationId: carlaAna.id, userId: carla.id, isTyping: true });
    typing(la, anaBruno.id, true);
    expect(await nextEvent(lb, 'user:typing:response')).toEqual({ conversationId: anaBruno.id, userId: ana.id, isTyping: true });
    await settle(t.app, listeners);
    expect(la.events).toHaveLength(1);
    expect(lb.events).toHaveLength(1);
    expect(lc.events).toEqual([]);
    expect(ls.events).toEqual([]);
  });
});
