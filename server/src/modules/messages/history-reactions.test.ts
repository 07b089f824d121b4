import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, Message, MessagesPage } from '@chat/contracts';
import { as, createTeam, expectStatus, sentByPeople, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// A history page carries each message's reactions, read by the same statement as the
// messages (one round trip), in the order people reacted.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let conversation: Conversation;
let group: Group;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Reação', 'Bruno Reação', 'Carla Reação']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  group = expectStatus(
    await as(t.app, ana).post('/group/create', { name: 'Reações', description: '', members: [bruno.id, carla.id] }),
    200,
  );
});
afterAll(() => t?.close());

const send = async (chatId: string, body: string, isGroup = false) =>
  expectStatus<Message>(await as(t.app, ana).post('/message/send', textMessage(chatId, body, { isGroup })), 200);
const react = async (who: TestUser, id: string, emoji: string) =>
  expectStatus(await as(t.app, who).post(`/message/${id}/reactions`, { emoji }), 200);
// A group's history starts with its line 'Ana criou o grupo'.
const page = async (url: string) => sentByPeople(expectStatus<MessagesPage>(await as(t.app, ana).get(url), 200).messages);

/**
 * How many statements reach the database while `run` goes, counted at the driver (PGlite's or the
 * pg pool's query), so prepared statements count too.
 */
async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
  const client = (t.app.ctx.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    count += 1;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return count;
}

describe('reactions in the history', () => {
  it('come with each message of the page: emoji in the order of their first reaction, people in the order they reacted', async () => {
    const plain = await send(conversation.id, 'sem reação');
    const popular = await send(conversation.id, 'com reações');
    await react(bruno, popular.id, '🎉');
    await react(ana, popular.id, '👍');
    await react(ana, popular.id, '🎉');
    const messages = await page(`/message/get-messages-by-conversation?conversationId=${conversation.id}`);
    expect(messages.find((m) => m.id === plain.id)!.reactions).toEqual([]);
    expect(messages.find((m) => m.id === popular.id)!.reactions).toEqual([
      {
        emoji: '🎉',
        users: [
          { id: bruno.id, name: 'Bruno Reação' },
          { id: ana.id, name: 'Ana Reação' },
        ],
      },
      { emoji: '👍', users: [{ id: ana.id, name: 'Ana Reação' }] },
    ]);
    // The whole history reads them the same way.
    const all = await page(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`);
    expect(all.find((m) => m.id === popular.id)!.reactions).toEqual(messages.find((m) => m.id === popular.id)!.reactions);
  });

  it('a page of a group with reactions is one statement after authentication and the membership check', async () => {
    for (let i = 0; i < 60; i++) {
      const m = await send(group.id, `grupo ${i}`, true);
      if (i % 3 === 0) await react(i % 2 ? bruno : carla, m.id, '👀');
    }
    // Posting reads the group: the sends' own reads are written in the background; one more read
    // queued behind them resolves once they are all in, so none runs inside the count.
    await t.app.ctx.groupReads.submit({ groupId: group.id, userId: ana.id, messageId: null, announce: false });
    const url = `/message/get-messages-by-group?groupId=${group.id}`;
    let messages: Message[] = [];
    // The caller's account (authentication), the group's members (who may read), then the page
    // with its reactions: no separate query for the reactions.
    expect(await statementsDuring(async () => (messages = await page(url)))).toBe(3);
    expect(messages).toHaveLength(50);
    expect(messages.filter((m) => m.reactions.length > 0).length).toBeGreaterThan(10);
  });
});

describe('reactions of a page and of an around window (one grouped join over the page)', () => {
  it('every message has its own reactions in order, [] without any, in pages, windows and the whole history', async () => {
    const chat = expectStatus<Group>(
      await as(t.app, ana).post('/group/create', { name: 'Janela de reações', description: '', members: [bruno.id, carla.id] }),
      200,
    );
    const sent: Message[] = [];
    for (let i = 1; i <= 12; i++) sent.push(await send(chat.id, `janela ${i}`, true));
    const [m3, m6, m7] = [sent[2]!, sent[5]!, sent[6]!];
    const reply = expectStatus<Message>(
      await as(t.app, bruno).post('/message/send', { ...textMessage(chat.id, 'resposta', { isGroup: true }), replyToId: m3.id }),
      200,
    );
    await react(carla, m6.id, '👍');
    await react(bruno, m6.id, '🎉');
    await react(ana, m6.id, '👍');
    await react(ana, m6.id, '🎉');
    await react(carla, m6.id, '❤️');
    // Bruno takes his 🎉 back and gives it again: now after Ana's, and 🎉 still comes second
    // (its first reaction is now Ana's, after Carla's 👍).
    expectStatus(await as(t.app, bruno).delete(`/message/${m6.id}/reactions/${encodeURIComponent('🎉')}`), 200);
    await react(bruno, m6.id, '🎉');
    await react(bruno, m7.id, '👀');
    await react(carla, reply.id, '👍');

    const person = (u: TestUser) => ({ id: u.id, name: u.name });
    const expected = new Map<string, unknown>([
      [
        m6.id,
        [
          { emoji: '👍', users: [person(carla), person(ana)] },
          { emoji: '🎉', users: [person(ana), person(bruno)] },
          { emoji: '❤️', users: [person(carla)] },
        ],
      ],
      [m7.id, [{ emoji: '👀', users: [person(bruno)] }]],
      [reply.id, [{ emoji: '👍', users: [person(carla)] }]],
    ]);
    const check = (messages: Message[], bodies: string[]) => {
      expect(messages.map((m) => m.content.body)).toEqual(bodies);
      for (const m of messages) expect(m.reactions, m.content.body).toEqual(expected.get(m.id) ?? []);
    };
    const url = `/message/get-messages-by-group?groupId=${chat.id}`;
    const all = [...sent.map((m) => m.content.body), 'resposta'];

    check(await page(url), all);
    check(await page(`${url}&all=true`), all);
    check(await page(`${url}&limit=4`), all.slice(-4));
    check(await page(`${url}&around=${m6.id}&limit=2`), ['janela 4', 'janela 5', 'janela 6', 'janela 7', 'janela 8']);
    check(await page(`${url}&around=${m7.id}&limit=1`), ['janela 6', 'janela 7', 'janela 8']);

    // The reply's quote comes from the same statement; the quoted message has no reactions.
    const [last] = (await page(`${url}&limit=1`)).slice(-1);
    expect(last!.replyTo).toEqual({ id: m3.id, authorId: ana.id, authorName: ana.name, body: 'janela 3', type: 'text', deleted: false });
    const around3 = await page(`${url}&around=${m3.id}&limit=1`);
    check(around3, ['janela 2', 'janela 3', 'janela 4']);
    expect(around3.map((m) => m.replyTo)).toEqual([null, null, null]);
  });
});
