import { and, eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Conversation,
  type Group,
  type Message,
  type MessageReactionEvent,
  type MessageReceiptEvent,
  type MessageReceipts,
  type MessagesPage,
  mentionToken,
  publicUrlFromUploadUrl,
} from '@chat/contracts';
import { messageReactions, messages } from '../../db/schema';
import { UNREAD_COUNT_CAP } from '../groups/groups.repository';
import { COMPLETE_CHUNK } from './group-receipts.repository';
import { as, createTeam, createUser, expectStatus, sentByPeople, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { mediaFiles, target, uploadUrlFor } from '../../test/media';
import { closeAll, eventMatching, type Listener, listenAll, settle } from '../../test/socket-helpers';

// Edit, delete, reply, reactions, mentions, silence, on the real routes and sockets.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, outsider: TestUser;
let conversation: Conversation;
let group: Group;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Ação', 'Bruno Ação', 'Carla Ação']);
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  // ana is the group's admin; bruno and carla plain members.
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Ações', description: '', members: [bruno.id, carla.id] }), 200);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const send = async (who: TestUser, chatId: string, body: string, extra: Record<string, unknown> = {}) =>
  expectStatus<Message>(
    await as(t.app, who).post('/message/send', { ...textMessage(chatId, body, { isGroup: chatId === group.id }), ...extra }),
    200,
  );
const edit = (who: TestUser, id: string, body: unknown) => as(t.app, who).patch(`/message/${id}`, body);
const remove = (who: TestUser, id: string) => as(t.app, who).delete(`/message/${id}`);
const react = (who: TestUser, id: string, emoji: string) => as(t.app, who).post(`/message/${id}/reactions`, { emoji });
const unreact = (who: TestUser, id: string, emoji: string) =>
  as(t.app, who).delete(`/message/${id}/reactions/${encodeURIComponent(emoji)}`);
const history = async (who: TestUser, chat: Conversation | Group) =>
  expectStatus<MessagesPage>(
    await as(t.app, who).get(
      'members' in chat
        ? `/message/get-messages-by-group?groupId=${chat.id}&all=true`
        : `/message/get-messages-by-conversation?conversationId=${chat.id}&all=true`,
    ),
    200,
  ).messages;
const conversations = async (who: TestUser) =>
  expectStatus<Conversation[]>(await as(t.app, who).get('/conversation/get-conversations?showEmpty=true'), 200);
const groupsOf = async (who: TestUser) => expectStatus<Group[]>(await as(t.app, who).get('/group/list'), 200);
const storedRow = async (id: string) => (await t.app.ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const refusal = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
  // Validation refusals read 'Dados inválidos: <the field's message>'.
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status,
    body: expect.objectContaining({ message: status === 400 ? expect.stringContaining(message) : message }),
  });
};

describe('PATCH /api/message/:id (edit)', () => {
  it('edits my own text: stored, editedAt set, heard live by both sides, history and preview follow', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const original = await send(ana, conversation.id, 'reunião às 10h');
    const edited = expectStatus<Message>(await edit(ana, original.id, { body: '  reunião às *11h*  ' }), 200);
    expect(edited).toMatchObject({ id: original.id, content: { body: 'reunião às *11h*' }, createdAt: original.createdAt });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(original.createdAt));
    for (const l of [la, lb]) expect(await eventMatching<Message>(l, 'message:updated', (m) => m.id === original.id)).toEqual(edited);
    expect((await history(bruno, conversation)).find((m) => m.id === original.id)).toEqual(edited);
    const entry = (await conversations(bruno)).find((c) => c.id === conversation.id)!;
    expect(entry.lastMessage).toMatchObject({ id: original.id, content: { body: 'reunião às *11h*' }, createdAt: original.createdAt });
  });

  it('is idempotent: the same text again changes nothing and announces nothing', async () => {
    const original = await send(ana, conversation.id, 'texto fixo');
    const first = expectStatus<Message>(await edit(ana, original.id, { body: 'texto novo' }), 200);
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const again = expectStatus<Message>(await edit(ana, original.id, { body: 'texto novo' }), 200);
    expect(again.editedAt).toBe(first.editedAt);
    await settle(t.app, [la, lb]);
    expect([...la.of('message:updated'), ...lb.of('message:updated')]).toEqual([]);
  });

  it('refuses others’ messages, images, deleted messages, outsiders and bad text, changing nothing', async () => {
    const brunos = await send(bruno, conversation.id, 'do Bruno');
    refusal(await edit(ana, brunos.id, { body: 'mexido' }), 403, 'Você só pode editar suas próprias mensagens');
    const url = await uploadedImage(ana);
    const image = expectStatus<Message>(
      await as(t.app, ana).post('/message/send', { ...textMessage(conversation.id, 'x'), content: { type: 'image', body: url } }),
      200,
    );
    refusal(await edit(ana, image.id, { body: 'legenda' }), 403, 'Imagens não podem ser editadas');
    const gone = await send(ana, conversation.id, 'vou apagar');
    expectStatus(await remove(ana, gone.id), 200);
    refusal(await edit(ana, gone.id, { body: 'volta' }), 409, 'Uma mensagem apagada não pode ser editada');
    refusal(await edit(outsider, brunos.id, { body: 'intruso' }), 404, 'Mensagem não encontrada');
    refusal(await edit(bruno, '3f2504e0-4f89-41d3-9a0c-0305e82c3301', { body: 'nada' }), 404, 'Mensagem não encontrada');
    refusal(await edit(bruno, brunos.id, { body: '   ' }), 400, 'Mensagem é obrigatória');
    refusal(await edit(bruno, brunos.id, { body: 'x'.repeat(2001) }), 400, 'Mensagem deve ter no máximo 2000 caracteres');
    expect((await storedRow(brunos.id)).body).toBe('do Bruno');
    expect((await storedRow(brunos.id)).editedAt).toBeNull();
  });

  it('neither an edit, a reaction nor a read moves a chat in the list or changes its time', async () => {
    const older = await createUser(t.app, ana.workspaceId, { name: 'Olga Ordem' });
    const first = expectStatus<Conversation>(await as(t.app, older).post('/conversation/create', { userTwoId: ana.id }), 200);
    const oldMessage = await send(older, first.id, 'antiga');
    const newest = await send(ana, conversation.id, 'mais nova');
    const before = (await conversations(ana)).map((c) => [c.id, c.lastMessage?.createdAt]);
    expectStatus(await edit(older, oldMessage.id, { body: 'antiga editada' }), 200);
    expectStatus(await react(ana, oldMessage.id, '👍'), 200);
    const [la] = await listenAll(t.app, [ana], listeners);
    la.socket.emit('message:read:all', { conversationId: first.id });
    await eventMatching(la, 'message:read:response', () => true);
    const after = await conversations(ana);
    expect(after.map((c) => [c.id, c.lastMessage?.createdAt])).toEqual(before);
    expect(after[0]!.lastMessage!.id).toBe(newest.id);
  });
});

describe('DELETE /api/message/:id', () => {
  it('deletes my message for everyone: content gone from the database and search, live, idempotent', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const secret = await send(ana, conversation.id, 'senha do cofre zebra');
    expectStatus(await react(bruno, secret.id, '😮'), 200);
    const deleted = expectStatus<Message>(await remove(ana, secret.id), 200);
    expect(deleted).toMatchObject({ id: secret.id, content: { body: '' }, deletedBy: 'author', reactions: [], mentions: [] });
    for (const l of [la, lb]) expect(await eventMatching<Message>(l, 'message:deleted', (m) => m.id === secret.id)).toEqual(deleted);
    const row = await storedRow(secret.id);
    expect(row.body).toBe('');
    expect(row.deletedById).toBe(ana.id);
    expect(await t.app.ctx.db.select().from(messageReactions).where(eq(messageReactions.messageId, secret.id))).toEqual([]);
    expect(JSON.stringify(await history(bruno, conversation))).not.toContain('cofre');
    expect(expectStatus<Conversation[]>(await as(t.app, bruno).get('/conversation/search?content=zebra'), 200)).toEqual([]);
    expect((await conversations(bruno)).find((c) => c.id === conversation.id)!.lastMessage).toMatchObject({
      id: secret.id,
      deleted: true,
      content: { body: '' },
    });

    la.events.length = 0;
    lb.events.length = 0;
    expect(expectStatus<Message>(await remove(ana, secret.id), 200)).toEqual(deleted);
    await settle(t.app, [la, lb]);
    expect([...la.of('message:deleted'), ...lb.of('message:deleted')]).toEqual([]);
  });

  it('keeps the unread count right: a deleted unread message no longer counts', async () => {
    const [dora, eva] = await createTeam(t.app, ['Dora Conta', 'Eva Conta']);
    const chat = expectStatus<Conversation>(await as(t.app, dora).post('/conversation/create', { userTwoId: eva.id }), 200);
    await send(dora, chat.id, 'um');
    const two = await send(dora, chat.id, 'dois');
    expect((await conversations(eva)).find((c) => c.id === chat.id)!.unreadMessages).toBe(2);
    expectStatus(await remove(dora, two.id), 200);
    expect((await conversations(eva)).find((c) => c.id === chat.id)!.unreadMessages).toBe(1);
  });

  it('refuses others’ messages in a conversation and to outsiders; a group admin deletes any message of the group', async () => {
    const brunos = await send(bruno, conversation.id, 'não apague');
    refusal(await remove(ana, brunos.id), 403, 'Você só pode apagar suas próprias mensagens');
    refusal(await remove(outsider, brunos.id), 404, 'Mensagem não encontrada');
    expect((await storedRow(brunos.id)).deletedAt).toBeNull();

    const carlas = await send(carla, group.id, 'no grupo');
    refusal(await remove(bruno, carlas.id), 403, 'Você só pode apagar suas próprias mensagens');
    const byAdmin = expectStatus<Message>(await remove(ana, carlas.id), 200);
    expect(byAdmin).toMatchObject({ deletedBy: 'admin', content: { body: '' } });
    expect((await history(carla, group)).find((m) => m.id === carlas.id)).toMatchObject({ deletedBy: 'admin' });
  });

  it('deletes an uploaded image from the media store', async () => {
    const url = await uploadedImage(ana);
    const image = expectStatus<Message>(
      await as(t.app, ana).post('/message/send', { ...textMessage(conversation.id, 'x'), content: { type: 'image', body: url } }),
      200,
    );
    const file = url.split('/').pop()!;
    expect(mediaFiles(t.env.dataDir).some((f) => f.endsWith(file))).toBe(true);
    expectStatus(await remove(ana, image.id), 200);
    expect(mediaFiles(t.env.dataDir).some((f) => f.endsWith(file))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
  });
});

describe('replies', () => {
  it('quote the original; a quote of a message deleted later reads as deleted', async () => {
    const question = await send(bruno, conversation.id, 'Pode revisar?\nSegunda linha');
    const answer = await send(ana, conversation.id, 'Posso', { replyToId: question.id });
    expect(answer.replyTo).toEqual({
      id: question.id,
      authorId: bruno.id,
      authorName: 'Bruno Ação',
      body: 'Pode revisar?\nSegunda linha',
      type: 'text',
      deleted: false,
    });
    expectStatus(await remove(bruno, question.id), 200);
    expect((await history(ana, conversation)).find((m) => m.id === answer.id)!.replyTo).toEqual({
      id: question.id,
      authorId: bruno.id,
      authorName: 'Bruno Ação',
      body: '',
      type: 'text',
      deleted: true,
    });
  });

  it('refuses a reply to a message of another chat (404), storing nothing', async () => {
    const elsewhere = await send(ana, group.id, 'no grupo');
    const res = await as(t.app, ana).post('/message/send', { ...textMessage(conversation.id, 'resposta'), replyToId: elsewhere.id });
    refusal(res, 404, 'Mensagem respondida não encontrada');
    expect(JSON.stringify(await history(ana, conversation))).not.toContain('"resposta"');
  });
});

describe('reactions', () => {
  it('add and remove live, unique per (message, user, emoji), idempotent both ways', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const m = await send(ana, conversation.id, 'reaja');
    const added = expectStatus<MessageReactionEvent>(await react(bruno, m.id, '👍'), 200);
    expect(added).toEqual({
      messageId: m.id,
      conversationId: conversation.id,
      groupId: null,
      reactions: [{ emoji: '👍', users: [{ id: bruno.id, name: 'Bruno Ação' }] }],
    });
    for (const l of [la, lb]) expect(await eventMatching(l, 'message:reaction', () => true)).toEqual(added);
    expectStatus(await react(ana, m.id, '👍'), 200);
    expect(expectStatus<MessageReactionEvent>(await react(bruno, m.id, '👍'), 200).reactions).toEqual([
      {
        emoji: '👍',
        users: [
          { id: bruno.id, name: 'Bruno Ação' },
          { id: ana.id, name: 'Ana Ação' },
        ],
      },
    ]);
    expect(await t.app.ctx.db.select().from(messageReactions).where(eq(messageReactions.messageId, m.id))).toHaveLength(2);
    expect((await history(bruno, conversation)).find((x) => x.id === m.id)!.reactions[0]!.users).toHaveLength(2);

    await settle(t.app, [la, lb]);
    la.events.length = 0;
    expect(expectStatus<MessageReactionEvent>(await unreact(bruno, m.id, '👍'), 200).reactions).toEqual([
      { emoji: '👍', users: [{ id: ana.id, name: 'Ana Ação' }] },
    ]);
    expect(expectStatus<MessageReactionEvent>(await unreact(bruno, m.id, '👍'), 200).reactions).toHaveLength(1);
    await settle(t.app, [la, lb]);
    expect(la.of('message:reaction')).toHaveLength(1);
  });

  it('at most 20 distinct emoji; none on a deleted message; outsiders and bad emoji refused', async () => {
    const m = await send(ana, group.id, 'muitas');
    const emoji = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗'];
    expect(emoji).toHaveLength(20);
    for (const e of emoji) expectStatus(await react(bruno, m.id, e), 200);
    refusal(await react(carla, m.id, '🤩'), 409, 'Uma mensagem pode ter no máximo 20 reações diferentes');
    expectStatus(await react(carla, m.id, '😀'), 200);
    refusal(await react(outsider, m.id, '👍'), 404, 'Mensagem não encontrada');
    refusal(await react(bruno, m.id, 'legal'), 400, 'Emoji inválido');
    refusal(await unreact(bruno, m.id, 'x'), 400, 'Emoji inválido');
    const gone = await send(ana, group.id, 'some');
    expectStatus(await remove(ana, gone.id), 200);
    refusal(await react(bruno, gone.id, '👍'), 409, 'Não é possível reagir a uma mensagem apagada');
  });
});

describe('mentions', () => {
  it('are stored for members written in the text; they count as the mentioned member’s unread mentions until read', async () => {
    const [lc] = await listenAll(t.app, [carla], listeners);
    const m = await send(bruno, group.id, `oi ${mentionToken(carla.id)}, veja`, { mentions: [carla.id] });
    expect(m.mentions).toEqual([carla.id]);
    const carlaGroup = (await groupsOf(carla)).find((g) => g.id === group.id)!;
    expect(carlaGroup.unreadMentions).toBe(1);
    expect((await groupsOf(ana)).find((g) => g.id === group.id)!.unreadMentions).toBe(0);
    lc.socket.emit('group:read', { groupId: group.id });
    await eventMatching(lc, 'message:receipt', (r: MessageReceiptEvent) => r.userIds.includes(carla.id));
    expect((await groupsOf(carla)).find((g) => g.id === group.id)!.unreadMentions).toBe(0);
  });

  it('refuses mentions in conversations, of non-members, missing from the text; @todos only for group admins', async () => {
    const body = (text: string, mentions: string[], chatId = group.id) => ({
      ...textMessage(chatId, text, { isGroup: chatId === group.id }),
      mentions,
    });
    refusal(
      await as(t.app, ana).post('/message/send', body(`oi ${mentionToken(bruno.id)}`, [bruno.id], conversation.id)),
      400,
      'Menções só podem ser feitas em grupos',
    );
    refusal(
      await as(t.app, ana).post('/message/send', body(`oi ${mentionToken(outsider.id)}`, [outsider.id])),
      400,
      'Só é possível mencionar membros do grupo',
    );
    refusal(
      await as(t.app, ana).post('/message/send', body('oi sem token', [bruno.id])),
      400,
      'Cada menção deve aparecer no texto da mensagem',
    );
    refusal(
      await as(t.app, bruno).post('/message/send', body(`atenção ${mentionToken('todos')}`, ['todos'])),
      403,
      'Apenas administradores do grupo podem mencionar @todos',
    );
    const all = expectStatus<Message>(await as(t.app, ana).post('/message/send', body(`atenção ${mentionToken('todos')}`, ['todos'])), 200);
    expect(all.mentions).toEqual(['todos']);
    expect((await groupsOf(bruno)).find((g) => g.id === group.id)!.unreadMentions).toBeGreaterThan(0);
  });
});

describe('unread messages in groups', () => {
  it('counts the messages of others the member has not read, without deleted ones, until they read the group', async () => {
    const [lc] = await listenAll(t.app, [carla], listeners);
    const unreadOf = async () => (await groupsOf(carla)).find((g) => g.id === group.id)!.unreadMessages;
    lc.socket.emit('group:read', { groupId: group.id });
    await expect.poll(unreadOf).toBe(0);
    await send(carla, group.id, 'a minha não conta');
    await send(bruno, group.id, 'primeira não lida');
    const gone = await send(bruno, group.id, 'apagada antes de ser lida');
    await send(ana, group.id, 'segunda não lida');
    expectStatus(await remove(bruno, gone.id), 200);
    expect(await unreadOf()).toBe(2);
    // Posting reads the group: what came before her own message is read by her.
    const mine = await send(carla, group.id, 'respondo, então li');
    await expect.poll(unreadOf).toBe(0);
    await send(bruno, group.id, 'depois da resposta');
    expect(await unreadOf()).toBe(1);
    expect((await history(bruno, group)).find((m) => m.id === mine.id)!.status).not.toBe('READ');
    lc.socket.emit('group:read', { groupId: group.id });
    await expect.poll(unreadOf).toBe(0);
  });
});

describe('a group read bounded by the newest message shown', () => {
  it('reads up to that message only; a message of another chat as the bound reads nothing', async () => {
    const [lc] = await listenAll(t.app, [carla], listeners);
    const unreadOf = async () => (await groupsOf(carla)).find((g) => g.id === group.id)!.unreadMessages;
    lc.socket.emit('group:read', { groupId: group.id });
    // Her own tabs hear her read once it is done: what follows is sent after it.
    await eventMatching(lc, 'message:receipt', (r: MessageReceiptEvent) => r.userIds.includes(carla.id));
    expect(await unreadOf()).toBe(0);
    const shown = [await send(bruno, group.id, 'vista no grupo'), await send(ana, group.id, 'também vista')];
    const later = await send(bruno, group.id, 'chegou depois');
    const elsewhere = await send(ana, conversation.id, 'de uma conversa');

    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    lc.socket.emit('group:read', { groupId: group.id, lastMessageId: elsewhere.id });
    lc.socket.emit('group:read', { groupId: group.id, lastMessageId: shown[1]!.id });
    // Each author of a message it covered hears who read; the one after the bound stays unread.
    for (const l of [la, lb]) await eventMatching<MessageReceiptEvent>(l, 'message:receipt', (r) => r.userIds.includes(carla.id));
    expect(await unreadOf()).toBe(1);
    await settle(t.app, listeners);
    // Her own tabs hear the unbounded read, then the bounded one with how far it went (their list
    // keeps the count of what came after it); the read bounded elsewhere is dropped, unheard.
    const own = lc.of('message:receipt') as MessageReceiptEvent[];
    expect(own.filter((r) => r.userIds.includes(carla.id)).map((r) => r.readUpTo)).toEqual([undefined, shown[1]!.createdAt]);
    const receipts = async (id: string) => expectStatus<MessageReceipts>(await as(t.app, bruno).get(`/message/${id}/receipts`), 200);
    expect((await receipts(shown[0]!.id)).readBy.map((r) => r.user.id)).toContain(carla.id);
    expect((await receipts(later.id)).readBy.map((r) => r.user.id)).not.toContain(carla.id);
  });
});

describe('silence', () => {
  it('is per user and per chat, stored, heard by my other tabs; outsiders get 404', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    expect(expectStatus(await as(t.app, ana).patch(`/conversation/${conversation.id}/mute`, { muted: true }), 200)).toEqual({
      muted: true,
    });
    expect(await eventMatching(la, 'chat:muted', () => true)).toEqual({ chatId: conversation.id, isGroup: false, muted: true });
    expect((await conversations(ana)).find((c) => c.id === conversation.id)!.muted).toBe(true);
    expect((await conversations(bruno)).find((c) => c.id === conversation.id)!.muted).toBe(false);
    expectStatus(await as(t.app, bruno).patch(`/group/${group.id}/mute`, { muted: true }), 200);
    expect((await groupsOf(bruno)).find((g) => g.id === group.id)!.muted).toBe(true);
    expect((await groupsOf(carla)).find((g) => g.id === group.id)!.muted).toBe(false);
    expectStatus(await as(t.app, ana).patch(`/conversation/${conversation.id}/mute`, { muted: false }), 200);
    expect((await conversations(ana)).find((c) => c.id === conversation.id)!.muted).toBe(false);
    await settle(t.app, [la, lb]);
    expect(lb.of('chat:muted')).toEqual([{ chatId: group.id, isGroup: true, muted: true }]);
    refusal(await as(t.app, outsider).patch(`/conversation/${conversation.id}/mute`, { muted: true }), 404, 'Conversa não encontrada');
    refusal(await as(t.app, outsider).patch(`/group/${group.id}/mute`, { muted: true }), 404, 'Grupo não encontrado');
    refusal(await as(t.app, ana).patch(`/group/${group.id}/mute`, { muted: 'sim' }), 400, 'muted deve ser verdadeiro ou falso');
  });
});

describe('who read it, in groups', () => {
  it('fills live as members read; the message is READ once every current member has', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const m = await send(ana, group.id, 'quem leu?');
    expect(m.status).toBe('DELIVERED');
    let receipts = expectStatus<MessageReceipts>(await as(t.app, ana).get(`/message/${m.id}/receipts`), 200);
    expect(receipts.readBy).toEqual([]);
    expect(receipts.deliveredTo.map((r) => r.user.id)).toEqual([bruno.id]);

    lb.socket.emit('group:read', { groupId: group.id });
    const first = await eventMatching<MessageReceiptEvent>(la, 'message:receipt', (r) => r.userIds.includes(bruno.id));
    expect(first).toMatchObject({ groupId: group.id, status: 'READ' });
    expect(first.completedIds).not.toContain(m.id);
    receipts = expectStatus<MessageReceipts>(await as(t.app, ana).get(`/message/${m.id}/receipts`), 200);
    expect(receipts.readBy.map((r) => r.user.id)).toEqual([bruno.id]);

    const [lc] = await listenAll(t.app, [carla], listeners);
    lc.socket.emit('group:read', { groupId: group.id });
    // Reads are gathered: the notice that completes the message may come after one that names
    // Carla and completes older ones. Only her read can complete it (Bruno's alone did not).
    const second = await eventMatching<MessageReceiptEvent>(la, 'message:receipt', (r) => r.completedIds.includes(m.id));
    expect(second).toMatchObject({ groupId: group.id, status: 'READ' });
    expect((await history(ana, group)).find((x) => x.id === m.id)!.status).toBe('READ');
    receipts = expectStatus<MessageReceipts>(await as(t.app, ana).get(`/message/${m.id}/receipts`), 200);
    expect(receipts.readBy.map((r) => r.user.id).sort()).toEqual([bruno.id, carla.id].sort());
    expect(receipts.deliveredTo).toEqual([]);

    refusal(await as(t.app, bruno).get(`/message/${m.id}/receipts`), 403, 'Apenas o autor pode ver quem leu a mensagem');
    refusal(await as(t.app, outsider).get(`/message/${m.id}/receipts`), 404, 'Mensagem não encontrada');
  });

  it('delivers waiting group messages when a member comes online', async () => {
    const [la] = await listenAll(t.app, [ana], listeners);
    const m = await send(ana, group.id, 'para quem estava fora');
    expect(expectStatus<MessageReceipts>(await as(t.app, ana).get(`/message/${m.id}/receipts`), 200).deliveredTo).toEqual([]);
    await listenAll(t.app, [carla], listeners);
    // Gathered with any read heard in the same window (then named READ), never lost.
    const delivered = await eventMatching<MessageReceiptEvent>(la, 'message:receipt', (r) => r.userIds.includes(carla.id));
    expect(delivered).toMatchObject({ groupId: group.id, completedIds: [] });
    expect(
      expectStatus<MessageReceipts>(await as(t.app, ana).get(`/message/${m.id}/receipts`), 200).deliveredTo.map((r) => r.user.id),
    ).toContain(carla.id);
  });

  it('reading 1,000 unread messages is one statement, and completing them writes no message', async () => {
    const [fia, gil] = await createTeam(t.app, ['Fia Lote', 'Gil Lote']);
    const big = expectStatus<Group>(await as(t.app, fia).post('/group/create', { name: 'Lote', description: '', members: [gil.id] }), 200);
    await t.app.ctx.db
      .insert(messages)
      .values(Array.from({ length: 1000 }, (_, i) => ({ authorId: fia.id, groupId: big.id, body: `m${i}`, clientId: `lote-${i}` })));
    expect((await groupsOf(gil)).find((g) => g.id === big.id)!.unreadMessages).toBe(UNREAD_COUNT_CAP);
    const db = t.app.ctx.db;
    const calls = { execute: 0, insert: 0, update: 0, select: 0 };
    const original = { execute: db.execute.bind(db), insert: db.insert.bind(db), update: db.update.bind(db), select: db.select.bind(db) };
    Object.assign(db, {
      execute: (...args: Parameters<typeof db.execute>) => ((calls.execute += 1), original.execute(...args)),
      insert: (...args: Parameters<typeof db.insert>) => ((calls.insert += 1), original.insert(...args)),
      update: (...args: Parameters<typeof db.update>) => ((calls.update += 1), original.update(...args)),
      select: (...args: Parameters<typeof db.select>) => ((calls.select += 1), original.select(...args)),
    });
    try {
      const [lg, lf] = await listenAll(t.app, [gil, fia], listeners);
      await t.app.ctx.presence.whenIdle();
      Object.assign(calls, { execute: 0, insert: 0, update: 0, select: 0 });
      lg.socket.emit('group:read', { groupId: big.id });
      await eventMatching<MessageReceiptEvent>(lf, 'message:receipt', (r) => r.userIds.includes(gil.id));
      // One statement moves the watermark (and stamps the minute); one more finds the group's read
      // floor where it was, since fia (the messages were inserted for her, not sent) has not read them.
      // (Other work of the process, such as a session lookup, may run a select meanwhile.)
      expect({ ...calls, select: 0 }).toEqual({ execute: 2, insert: 0, update: 0, select: 0 });
      expect((await groupsOf(gil)).find((g) => g.id === big.id)!.unreadMessages).toBe(0);
      expect(new Set(sentByPeople(await history(fia, big)).map((m) => m.status))).toEqual(new Set(['SENT']));

      Object.assign(calls, { execute: 0, insert: 0, update: 0, select: 0 });
      lf.socket.emit('group:read', { groupId: big.id });
      const done = await eventMatching<MessageReceiptEvent>(lf, 'message:receipt', (r) => r.completedIds.length > 0, 8000);
      // Her read, the group's read floor raised past the 1,000 (no message row written), then
      // the 1,000 listed for their author in bounded chunks.
      expect(calls.execute).toBe(1 + 1 + 1000 / COMPLETE_CHUNK);
      expect(done.completedIds).toHaveLength(1000);
    } finally {
      Object.assign(db, original);
    }
    expect(new Set(sentByPeople(await history(fia, big)).map((m) => m.status))).toEqual(new Set(['READ']));
    // READ comes from the group's read floor: no message row was rewritten (the group's own lines are stored READ).
    const stored = await t.app.ctx.db
      .select({ status: messages.status })
      .from(messages)
      .where(and(eq(messages.groupId, big.id), ne(messages.contentType, 'system')));
    expect(new Set(stored.map((r) => r.status))).toEqual(new Set(['SENT']));
    const [last] = (await history(fia, big)).slice(-1);
    const receipts = expectStatus<MessageReceipts>(await as(t.app, fia).get(`/message/${last!.id}/receipts`), 200);
    expect(receipts.readBy.map((r) => r.user.id)).toEqual([gil.id]);
  });
});

async function uploadedImage(owner: TestUser): Promise<string> {
  const upload = await uploadUrlFor(t.app, owner.token, 'image/png', 'foto.png');
  const put = await t.app.inject({
    method: 'PUT',
    url: target(upload),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  expect(put.statusCode).toBeLessThan(300);
  return publicUrlFromUploadUrl(upload.toString());
}
