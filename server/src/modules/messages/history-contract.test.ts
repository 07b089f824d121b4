import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSchema, messagesPageSchema, type Conversation, type Group, type Message, type MessagesPage } from '@chat/contracts';
import { as, createTeam, expectStatus, sentByPeople, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// The history and the send are serialised as the service builds them, without the zod
// serializer that parsed (and stripped) every answer. So an answer must already be exactly what
// the contract keeps: nothing a parse would drop or change, in every kind of message and page.

let t: TestApp;
let ana: TestUser, bruno: TestUser;
let conversation: Conversation;
let group: Group;
const sent: Message[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno] = await createTeam(t.app, ['Ana Contrato', 'Bruno Contrato']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Contrato', description: '', members: [bruno.id] }), 200);
  for (const [chatId, isGroup] of [
    [conversation.id, false],
    [group.id, true],
  ] as const) {
    const first = expectStatus<Message>(
      await as(t.app, ana).post('/message/send', textMessage(chatId, 'primeira *negrito*', { isGroup })),
      200,
    );
    const reply = expectStatus<Message>(
      await as(t.app, bruno).post('/message/send', { ...textMessage(chatId, 'resposta', { isGroup }), replyToId: first.id }),
      200,
    );
    expectStatus(await as(t.app, bruno).post(`/message/${first.id}/reactions`, { emoji: '👍' }), 200);
    expectStatus(await as(t.app, ana).patch(`/message/${first.id}`, { body: 'primeira, editada' }), 200);
    const gone = expectStatus<Message>(await as(t.app, ana).post('/message/send', textMessage(chatId, 'apagada', { isGroup })), 200);
    expectStatus(await as(t.app, ana).delete(`/message/${gone.id}`), 200);
    sent.push(first, reply, gone);
  }
});
afterAll(() => t?.close());

const history = async (path: string) => expectStatus<MessagesPage>(await as(t.app, bruno).get(path), 200);

describe('answers serialised as built', () => {
  it('a send answer is exactly a Message of the contract', () => {
    for (const message of sent) expect(message).toStrictEqual(messageSchema.parse(message));
  });

  it('history pages (newest, all, around) of a conversation and a group are exactly the contract', async () => {
    const pages = [
      `/message/get-messages-by-conversation?conversationId=${conversation.id}`,
      `/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`,
      `/message/get-messages-by-conversation?conversationId=${conversation.id}&around=${sent[0]!.id}`,
      `/message/get-messages-by-group?groupId=${group.id}`,
      `/message/get-messages-by-group?groupId=${group.id}&all=true`,
    ];
    for (const path of pages) {
      const page = await history(path);
      // A group's page holds its first line too ('Ana criou o grupo').
      expect(sentByPeople(page.messages).length, path).toBe(3);
      expect(page, path).toStrictEqual(messagesPageSchema.parse(page));
    }
    // The page carries what the messages went through: a reply, a reaction, an edit, a deletion.
    const all = await history(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`);
    expect(JSON.stringify(all)).toMatch(/👍/);
    expect(all.messages[1]!).toMatchObject({ replyTo: { id: sent[0]!.id } });
  });
});
