import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, MessagesPage } from '@chat/contracts';
import { messages } from '../../db/schema';
import { as, createTeam, expectStatus, sentByPeople, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// History paging: oldest first inside a page, pages walk backwards from the newest by cursor.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, outsider: TestUser;
let conversation: Conversation, empty: Conversation;
let group: Group;
const TOTAL = 120;

beforeAll(async () => {
  t = await createTestApp();
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Historia', 'Bruno Historia', 'Carla Historia']);
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  empty = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Histórico', description: '', members: [bruno.id] }), 200);
  // One multi-row insert: seq follows the VALUES order, so m1 is the oldest.
  const rows = (target: { conversationId: string } | { groupId: string }) =>
    Array.from({ length: TOTAL }, (_, i) => ({ ...target, authorId: i % 2 ? bruno.id : ana.id, body: `m${i + 1}` }));
  await t.app.ctx.db.insert(messages).values(rows({ conversationId: conversation.id }));
  await t.app.ctx.db.insert(messages).values(rows({ groupId: group.id }));
});
afterAll(() => t?.close());

// A group's history starts with its line 'Ana criou o grupo'.
const bodies = (page: MessagesPage) => sentByPeople(page.messages).map((m) => m.content.body);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
const byConversation = async (query: string, who = ana) =>
  expectStatus<MessagesPage>(
    await as(t.app, who).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}${query}`),
    200,
  );

describe('GET /api/message/get-messages-by-conversation', () => {
  it('pages back 50 / 50 / 20, oldest first within each page, with hasMore and nextCursor', async () => {
    const first = await byConversation('');
    expect(bodies(first)).toEqual(range(71, 120));
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toMatch(/^\d+$/);

    const second = await byConversation(`&before=${first.nextCursor}`);
    expect(bodies(second)).toEqual(range(21, 70));
    expect(second.hasMore).toBe(true);

    const third = await byConversation(`&before=${second.nextCursor}`);
    expect(bodies(third)).toEqual(range(1, 20));
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('takes the oldest loaded message’s id as the cursor too, and honours limit', async () => {
    const first = await byConversation('&limit=30');
    expect(bodies(first)).toEqual(range(91, 120));
    const byId = await byConversation(`&before=${first.messages[0]!.id}&limit=30`);
    expect(bodies(byId)).toEqual(range(61, 90));
    const bySeq = await byConversation(`&before=${first.nextCursor}&limit=30`);
    expect(bySeq).toEqual(byId);
  });

  it('returns the whole history oldest first with all=true', async () => {
    const all = await byConversation('&all=true');
    expect(bodies(all)).toEqual(range(1, TOTAL));
    expect(all).toMatchObject({ hasMore: false, nextCursor: null });
    expect(new Set(all.messages.map((m) => m.authorId))).toEqual(new Set([ana.id, bruno.id]));
  });

  it('answers an empty page for a conversation without messages', async () => {
    const res = await as(t.app, ana).get(`/message/get-messages-by-conversation?conversationId=${empty.id}`);
    expect(expectStatus(res, 200)).toEqual({ messages: [], hasMore: false, nextCursor: null });
  });

  it('refuses bad cursors and limits with Portuguese messages', async () => {
    const get = (query: string) => as(t.app, ana).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}${query}`);
    for (const query of ['&before=abc', `&before=${group.id}`]) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Cursor inválido');
    }
    for (const limit of ['0', '101', 'dez', '2.5']) {
      const res = await get(`&limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Dados inválidos: O limite deve ser entre 1 e 100');
    }
    const noId = await as(t.app, ana).get('/message/get-messages-by-conversation');
    expect(noId.json().message).toBe('Dados inválidos: Identificador inválido');
  });

  it('is readable by participants only: 404 for others of the workspace and of other workspaces', async () => {
    expect((await byConversation('', bruno)).messages).toHaveLength(50);
    for (const stranger of [carla, outsider]) {
      const res = await as(t.app, stranger).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Conversa não encontrada');
    }
  });
});

describe('GET /api/message/get-messages-by-group', () => {
  it('pages the group history the same way, for members only', async () => {
    const get = (query: string, who = bruno) => as(t.app, who).get(`/message/get-messages-by-group?groupId=${group.id}${query}`);
    const first = expectStatus<MessagesPage>(await get('&limit=100'), 200);
    expect(bodies(first)).toEqual(range(21, 120));
    const rest = expectStatus<MessagesPage>(await get(`&limit=100&before=${first.nextCursor}`), 200);
    expect(bodies(rest)).toEqual(range(1, 20));
    expect(rest.hasMore).toBe(false);
    expect(rest.messages[0]).toMatchObject({ groupId: group.id, conversationId: null });
    expect(bodies(expectStatus<MessagesPage>(await get('&all=true'), 200))).toHaveLength(TOTAL);
    for (const stranger of [carla, outsider]) {
      const res = await get('', stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Grupo não encontrado');
    }
  });
});
