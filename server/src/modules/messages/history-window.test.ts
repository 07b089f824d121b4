import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, MessagesPage } from '@chat/contracts';
import { messages } from '../../db/schema';
import { as, createTeam, expectStatus, sentByPeople, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// `around=<messageId>` (N before, the message, N after) and `after=` (forward paging)
// on both history routes.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let conversation: Conversation, other: Conversation;
let group: Group;
const TOTAL = 60;
/** Message ids by body, per chat. */
const ids = { conversation: new Map<string, string>(), group: new Map<string, string>() };

beforeAll(async () => {
  t = await createTestApp();
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Janela', 'Bruno Janela', 'Carla Janela']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  other = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Janela', description: '', members: [bruno.id] }), 200);
  const rows = (target: { conversationId: string } | { groupId: string }) =>
    Array.from({ length: TOTAL }, (_, i) => ({ ...target, authorId: i % 2 ? bruno.id : ana.id, body: `m${i + 1}` }));
  for (const [kind, target] of [
    ['conversation', { conversationId: conversation.id }],
    ['group', { groupId: group.id }],
  ] as const) {
    const inserted = await t.app.ctx.db.insert(messages).values(rows(target)).returning({ id: messages.id, body: messages.body });
    for (const row of inserted) ids[kind].set(row.body, row.id);
  }
  await t.app.ctx.db.insert(messages).values({ conversationId: other.id, authorId: carla.id, body: 'alheia' });
});
afterAll(() => t?.close());

// A group's history starts with its line 'Ana criou o grupo'.
const bodies = (page: MessagesPage) => sentByPeople(page.messages).map((m) => m.content.body);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
const routes = {
  conversation: (query: string) => as(t.app, ana).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}${query}`),
  group: (query: string) => as(t.app, bruno).get(`/message/get-messages-by-group?groupId=${group.id}${query}`),
};

describe.each(['conversation', 'group'] as const)('history windows (%s)', (kind) => {
  const get = async (query: string) => expectStatus<MessagesPage>(await routes[kind](query), 200);
  const idOf = (body: string) => ids[kind].get(body)!;

  it('around: N before, the message and N after, with cursors both ways', async () => {
    const page = await get(`&around=${idOf('m30')}&limit=5`);
    expect(bodies(page)).toEqual(range(25, 35));
    expect(page).toMatchObject({ hasMore: true, hasNewer: true });
    expect(bodies(await get(`&before=${page.nextCursor}&limit=5`))).toEqual(range(20, 24));
    const newer = await get(`&after=${page.newerCursor}&limit=5`);
    expect(bodies(newer)).toEqual(range(36, 40));
    expect(newer).toMatchObject({ hasMore: true, hasNewer: true });
  });

  it('around the oldest and the newest message stops at each end', async () => {
    const oldest = await get(`&around=${idOf('m1')}&limit=5`);
    expect(bodies(oldest)).toEqual(range(1, 6));
    expect(oldest).toMatchObject({ hasMore: false, nextCursor: null, hasNewer: true });
    const newest = await get(`&around=${idOf(`m${TOTAL}`)}&limit=5`);
    expect(bodies(newest)).toEqual(range(TOTAL - 5, TOTAL));
    expect(newest).toMatchObject({ hasMore: true, hasNewer: false, newerCursor: null });
  });

  it('after pages forward until it joins the newest message, by seq or by message id', async () => {
    const byId = await get(`&after=${idOf('m50')}&limit=20`);
    expect(bodies(byId)).toEqual(range(51, TOTAL));
    expect(byId).toMatchObject({ hasNewer: false, newerCursor: null });
    const first = await get(`&around=${idOf('m50')}&limit=3`);
    const bySeq = await get(`&after=${first.newerCursor}&limit=100`);
    expect(bodies(bySeq)).toEqual(range(54, TOTAL));
    expect(await get(`&after=${bySeq.messages.at(-1)!.id}`)).toMatchObject({ messages: [], hasNewer: false });
  });

  it('answers 404 for a message of another chat and 400 for a malformed id or two cursors', async () => {
    const [foreign] = await t.app.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.body, 'alheia'));
    const otherKind = kind === 'conversation' ? 'group' : 'conversation';
    for (const id of [foreign!.id, ids[otherKind].get('m10')!, '00000000-0000-4000-8000-000000000000']) {
      const res = await routes[kind](`&around=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Mensagem não encontrada');
    }
    const malformed = await routes[kind]('&around=abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Dados inválidos: Identificador inválido');
    for (const two of [`&around=${idOf('m2')}&before=10`, '&before=10&after=5', `&all=true&around=${idOf('m2')}`]) {
      const res = await routes[kind](two);
      expect(res.statusCode, two).toBe(400);
      expect(res.json().message).toBe('Dados inválidos: Use apenas um entre all, before, after e around');
    }
    expect((await routes[kind]('&after=abc')).json().message).toBe('Cursor inválido');
  });
});
