import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { conversationList, conversationSummaries } from './conversations.repository';

// GET /conversation/get-conversations runs a statement prepared once per database (issue 14): for
// any viewer it must give what the statement built for that viewer gives (drizzle's own mapping),
// the viewer bound at each call.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, dora: TestUser;
let withBruno: Conversation;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla, dora] = await createTeam(t.app, ['Ana Lista', 'Bruno Lista', 'Carla Lista', 'Dora Lista']);
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

describe('conversationList', () => {
  it('gives each viewer what the statement built for them gives, with and without the empty ones', async () => {
    const db = t.app.ctx.db;
    for (const viewer of [ana, bruno, carla, dora]) {
      expect(await conversationList(db, viewer.id, true)).toEqual(await conversationSummaries(db, viewer.id));
      expect(await conversationList(db, viewer.id, false)).toEqual(await conversationSummaries(db, viewer.id, { withMessagesOnly: true }));
    }

    const all = await conversationList(db, ana.id, true);
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ conversation: { id: withBruno.id }, last: { body: 'tudo bem?', authorName: 'Bruno Lista' }, unreadMessages: 2, muted: true });
    expect(all.slice(1).map((row) => row.last)).toEqual([null, null]);
    expect((await conversationList(db, ana.id, false)).map((row) => row.conversation.id)).toEqual([withBruno.id]);
    // Bruno: his own messages are not unread for him, and Ana's mute is hers.
    expect((await conversationList(db, bruno.id, true)).find((row) => row.conversation.id === withBruno.id)).toMatchObject({ unreadMessages: 1, muted: false });
  });
});
