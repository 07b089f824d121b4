import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { ConversationLists } from './conversation-lists';
import * as repository from './conversations.repository';

// GET /conversation/get-conversations reads the lists asked together in one prepared statement:
// each viewer must get exactly what the statement built for them alone gives
// (drizzle's own mapping), whatever was asked with it.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, dora: TestUser, eva: TestUser;
let withBruno: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla, dora, eva] = await createTeam(t.app, ['Ana Lista', 'Bruno Lista', 'Carla Lista', 'Dora Lista', 'Eva Lista']);
  withBruno = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  // Ana's, empty: one she started (userOne) and one Dora started with her (userTwo).
  expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
  expectStatus(await as(t.app, dora).post('/conversation/create', { userTwoId: ana.id }), 200);
  const brunoCarla = expectStatus<Conversation>(await as(t.app, bruno).post('/conversation/create', { userTwoId: carla.id }), 200);
  for (const [who, chat, body] of [
    [ana, withBruno, 'oi'],
    [bruno, withBruno, 'olá'],
    [bruno, withBruno, 'tudo bem?'],
    [carla, brunoCarla, 'não é da Ana'],
  ] as const) {
    expectStatus(await as(t.app, who).post('/message/send', textMessage(chat.id, body)), 200);
  }
  expectStatus(await as(t.app, ana).patch(`/conversation/${withBruno.id}/mute`, { muted: true }), 200);
});
afterAll(() => t?.close());

describe('conversation lists read together', () => {
  it('gives each viewer what the statement built for them alone gives, in its order', async () => {
    const db = t.app.ctx.db;
    const viewers = [ana, bruno, carla, dora, eva, ana].map((u) => u.id);
    const lists = await repository.conversationListsOf(db, viewers);
    for (const id of viewers) expect(lists.get(id)).toEqual(await repository.conversationSummaries(db, id));

    const mine = lists.get(ana.id)!;
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      conversation: { id: withBruno.id },
      last: { body: 'tudo bem?', authorName: 'Bruno Lista' },
      unreadMessages: 2,
      muted: true,
    });
    expect(mine.slice(1).map((row) => row.last)).toEqual([null, null]);
    // Bruno: his own messages are not unread for him, and Ana's mute is hers.
    expect(lists.get(bruno.id)!.find((row) => row.conversation.id === withBruno.id)).toMatchObject({ unreadMessages: 1, muted: false });
    expect(lists.get(eva.id)).toEqual([]);
  });

  it('reads the lists asked while one read runs in ONE statement, with everyone in them', async () => {
    const read = vi.spyOn(repository, 'conversationListsOf');
    try {
      const lists = new ConversationLists(t.app.ctx.db);
      const first = lists.of(ana.id);
      // The first read starts when this I/O phase ends (WAVE_BATCHING); the others are asked after it.
      await setImmediate();
      const together = [bruno, carla, dora].map((u) => lists.of(u.id));
      const [a, ...others] = await Promise.all([first, ...together]);
      expect(read.mock.calls.map(([, ids]) => ids)).toEqual([[ana.id], [bruno.id, carla.id, dora.id]]);
      expect(a.rows.map((r) => r.conversation.id)).toContain(withBruno.id);
      expect([...a.people.keys()].sort()).toEqual([ana.id, bruno.id, carla.id, dora.id].sort());
      expect(others[1]!.people.get(bruno.id)?.name).toBe('Bruno Lista');
    } finally {
      read.mockRestore();
    }
  });

  it('the route leaves out the empty ones without showEmpty, and keeps them with it', async () => {
    const ids = async (query: string) =>
      expectStatus<Conversation[]>(await as(t.app, ana).get(`/conversation/get-conversations${query}`), 200).map((c) => c.id);
    expect(await ids('?showEmpty=false')).toEqual([withBruno.id]);
    expect(await ids('?showEmpty=true')).toHaveLength(3);
  });
});
