import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { type Conversation, type Group, type Message, messageSchema, publicUrlFromUploadUrl } from '@chat/contracts';
import { messages, users } from '../../db/schema';
import { as, createTeam, expectStatus, newClientId, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target, uploadUrlFor } from '../../test/media';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, dora: TestUser, elisa: TestUser, outsider: TestUser;
let conversation: Conversation;
let group: Group;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla, dora, elisa] = await createTeam(t.app, ['Ana Envio', 'Bruno Envio', 'Carla Envio', 'Dora Envio', 'Elisa Envio']);
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Envios', description: '', members: [bruno.id] }), 200);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const strictMessage = z.strictObject({
  ...messageSchema.shape,
  author: z.strictObject(messageSchema.shape.author.shape),
  content: z.strictObject(messageSchema.shape.content.shape),
});
const send = (who: TestUser, body: unknown) => as(t.app, who).post('/message/send', body);
const rowsWithClientId = (clientId: string) => t.app.ctx.db.select().from(messages).where(eq(messages.clientId, clientId));

describe('POST /api/message/send', () => {
  it('stores a trimmed text message and answers the Message entity (SENT: the recipient is offline)', async () => {
    const clientId = newClientId();
    const message = expectStatus<Message>(await send(ana, textMessage(conversation.id, '  Olá, Bruno!  ', { clientId })), 200);
    expect(strictMessage.parse(message)).toEqual({
      id: expect.any(String),
      authorId: ana.id,
      author: { id: ana.id, name: 'Ana Envio', avatarUrl: null },
      content: { id: message.id, body: 'Olá, Bruno!', type: 'text' },
      status: 'SENT',
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: message.createdAt,
      conversationId: conversation.id,
      groupId: null,
      clientId,
      editedAt: null,
      deletedAt: null,
      deletedBy: null,
      replyTo: null,
      reactions: [],
      mentions: [],
    });
  });

  it('is DELIVERED when the recipient has a socket open (the sender’s own sockets do not count)', async () => {
    await listenAll(t.app, [ana], listeners);
    expect(expectStatus<Message>(await send(ana, textMessage(conversation.id, 'só eu online')), 200).status).toBe('SENT');
    await listenAll(t.app, [bruno], listeners);
    expect(expectStatus<Message>(await send(ana, textMessage(conversation.id, 'Bruno online')), 200).status).toBe('DELIVERED');
  });

  it('is DELIVERED, stored and answered, when the recipient comes online between the presence lookup and the commit', async () => {
    const presence = t.app.ctx.presence;
    const lookup = presence.onlineAmong.bind(presence);
    // The lookup answers "offline", then the recipient connects and has their waiting messages
    // marked before the send is stored (as when a whole process registers its sockets again
    // after a Redis restart).
    const spy = vi.spyOn(presence, 'onlineAmong').mockImplementationOnce(async (ids) => {
      const answer = await lookup(ids);
      await listenAll(t.app, [carla], listeners);
      return answer;
    });
    const chat = expectStatus<Conversation>(await as(t.app, dora).post('/conversation/create', { userTwoId: carla.id }), 200);
    try {
      const sent = expectStatus<Message>(await send(dora, textMessage(chat.id, 'chegou online no meio')), 200);
      expect(sent.status).toBe('DELIVERED');
      expect((await t.app.ctx.db.select().from(messages).where(eq(messages.id, sent.id)))[0]!.status).toBe('DELIVERED');
    } finally {
      spy.mockRestore();
    }
  });

  it('sends to a group (groupId set, conversationId null), DELIVERED when another member is online', async () => {
    const offline = expectStatus<Message>(await send(bruno, textMessage(group.id, 'oi grupo', { isGroup: true })), 200);
    expect(offline).toMatchObject({ groupId: group.id, conversationId: null, status: 'SENT' });
    await listenAll(t.app, [ana], listeners);
    expect(expectStatus<Message>(await send(bruno, textMessage(group.id, 'de novo', { isGroup: true })), 200).status).toBe('DELIVERED');
  });

  it('accepts 2000 characters, refuses 2001 and blank text with the contracts’ messages', async () => {
    const long = 'a'.repeat(2000);
    expect(expectStatus<Message>(await send(ana, textMessage(conversation.id, ` ${long} `)), 200).content.body).toBe(long);
    const tooLong = await send(ana, textMessage(conversation.id, `${long}b`));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      message: 'Dados inválidos: Mensagem deve ter no máximo 2000 caracteres',
      issues: [{ path: ['content', 'body'] }],
    });
    expect((await send(ana, textMessage(conversation.id, '   '))).json().message).toBe('Dados inválidos: Mensagem é obrigatória');
  });

  it.each([
    ['no clientId', { conversationId: 'c', isGroup: false, content: { type: 'text', body: 'x' } }],
    ['an unknown content type', { isGroup: false, content: { type: 'video', body: 'x' }, clientId: 'c' }],
    ['isGroup as a string', { isGroup: 'sim', content: { type: 'text', body: 'x' }, clientId: 'c' }],
  ])('answers 400 for %s', async (_label, body) => {
    const res = await send(ana, { conversationId: conversation.id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Dados inválidos: /);
  });

  it('accepts an image uploaded to this server’s media store, refuses any other image URL', async () => {
    const upload = await uploadUrlFor(t.app, ana.token, 'image/png');
    const put = await t.app.inject({
      method: 'PUT',
      url: target(upload),
      headers: { 'content-type': 'image/png' },
      payload: TINY_IMAGES['image/png'],
    });
    expect(put.statusCode).toBe(200);
    const publicUrl = publicUrlFromUploadUrl(upload.toString());
    const image = (body: string) => ({ ...textMessage(conversation.id, ''), content: { type: 'image', body } });

    const stored = expectStatus<Message>(await send(ana, image(publicUrl)), 200);
    expect(stored.content).toEqual({ id: stored.id, body: publicUrl, type: 'image' });
    for (const body of ['https://exemplo.com/gato.png', `${publicUrl.slice(0, -5)}x.png`, `${publicUrl}?v=2`]) {
      const res = await send(ana, image(body));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A imagem deve ser enviada pelo upload do chat');
    }
    expect((await send(ana, image('javascript:alert(1)'))).json().message).toBe('Dados inválidos: URL da imagem inválida');
  });

  it('lets only participants and members post: 404 otherwise, also across workspaces', async () => {
    const cases: Array<[TestUser, boolean, string, string]> = [
      [carla, false, conversation.id, 'Conversa não encontrada'],
      [outsider, false, conversation.id, 'Conversa não encontrada'],
      [carla, true, group.id, 'Grupo não encontrado'],
      [outsider, true, group.id, 'Grupo não encontrado'],
      // A conversation id sent as a group (and the reverse) is not found either.
      [ana, true, conversation.id, 'Grupo não encontrado'],
      [ana, false, group.id, 'Conversa não encontrada'],
    ];
    for (const [who, isGroup, id, message] of cases) {
      const res = await send(who, textMessage(id, 'intrusa', { isGroup }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(message);
    }
    expect(await t.app.ctx.db.select().from(messages).where(eq(messages.body, 'intrusa'))).toEqual([]);
  });

  it('keeps refusing outsiders once the conversation’s participants are cached', async () => {
    expectStatus(await send(ana, textMessage(conversation.id, 'aquece o cache')), 200);
    expectStatus(await send(bruno, textMessage(conversation.id, 'de novo')), 200);
    for (const who of [carla, outsider]) expect((await send(who, textMessage(conversation.id, 'intrusa'))).statusCode).toBe(404);
  });

  it('a member removed from a group can no longer post there', async () => {
    expectStatus(await as(t.app, ana).post(`/group/add-member/${group.id}`, { newMembersIds: [carla.id] }), 200);
    expectStatus(await send(carla, textMessage(group.id, 'ainda sou membro', { isGroup: true })), 200);
    expectStatus(await as(t.app, ana).post(`/group/remove-member/${group.id}`, { memberId: carla.id }), 200);
    const res = await send(carla, textMessage(group.id, 'já saí', { isGroup: true }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Grupo não encontrado');
  });

  // The send starts from this process's cached user; the INSERT confirms it (author-guard.ts).
  // These change the row behind the app's back, as another process would: no cache is told.
  it('a member removed after her user was cached is refused at once: 401, nothing stored, nobody hears it', async () => {
    const chat = expectStatus<Conversation>(await as(t.app, ana).post('/conversation/create', { userTwoId: dora.id }), 200);
    const sent = textMessage(chat.id, 'antes de sair');
    expectStatus(await send(dora, sent), 200);
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, dora.id));
    const [la] = await listenAll(t.app, [ana], listeners);
    const late = textMessage(chat.id, 'depois de sair');
    for (const body of [late, sent]) expect((await send(dora, body)).statusCode).toBe(401);
    expect(await rowsWithClientId(late.clientId)).toHaveLength(0);
    await settle(t.app, listeners);
    expect(la.of('message')).toEqual([]);
  });

  it('a token issued before a password change (on another process) is refused once her user was cached: 401, nothing stored', async () => {
    const chat = expectStatus<Conversation>(await as(t.app, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
    const [before] = await t.app.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, carla.id));
    // Stamped with the password, as a sign-in's token is (access-token.ts passwordStamp).
    const stamped = { ...carla, token: await t.app.ctx.accessTokens.sign({ ...carla, passwordHash: before!.hash }) };
    expectStatus(await send(stamped, textMessage(chat.id, 'antes da troca')), 200);
    await t.app.ctx.db
      .update(users)
      .set({ passwordHash: `${before!.hash}-trocada` })
      .where(eq(users.id, carla.id));
    try {
      const after = textMessage(chat.id, 'depois da troca');
      expect((await send(stamped, after)).statusCode).toBe(401);
      expect(await rowsWithClientId(after.clientId)).toHaveLength(0);
    } finally {
      await t.app.ctx.db.update(users).set({ passwordHash: before!.hash }).where(eq(users.id, carla.id));
    }
  });

  it('a renamed author is sent with her new name, not the cached one', async () => {
    const chat = expectStatus<Conversation>(await as(t.app, ana).post('/conversation/create', { userTwoId: elisa.id }), 200);
    expectStatus(await send(elisa, textMessage(chat.id, 'com o nome antigo')), 200);
    await t.app.ctx.db.update(users).set({ name: 'Elisa Renomeada' }).where(eq(users.id, elisa.id));
    const [la] = await listenAll(t.app, [ana], listeners);
    const renamed = expectStatus<Message>(await send(elisa, textMessage(chat.id, 'com o nome novo')), 200);
    expect(renamed.author.name).toBe('Elisa Renomeada');
    await settle(t.app, listeners);
    expect(la.of('message')).toEqual([renamed]);
  });
});

describe('idempotent send on (author, clientId)', () => {
  it('a retry returns the stored message (same id) and announces it again to the chat only', async () => {
    const [la, lb, lc] = await listenAll(t.app, [ana, bruno, carla], listeners);
    const body = textMessage(conversation.id, 'enviada uma vez');
    const first = expectStatus<Message>(await send(ana, body), 200);
    const retry = expectStatus<Message>(await send(ana, body), 200);
    expect(retry).toEqual(first);
    expect(await rowsWithClientId(body.clientId)).toHaveLength(1);
    await settle(t.app, listeners);
    // The first attempt's event may never have reached the partner (its process died after the
    // commit): the retry's answer from storage goes out again, the same message.
    expect(la.of('message')).toEqual([first, first]);
    expect(lb.of('message')).toEqual([first, first]);
    expect(lc.of('message')).toEqual([]);
  });

  it('a retry of a group message is announced again to every member, as it reads now', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const body = textMessage(group.id, 'no grupo, de novo', { isGroup: true });
    const first = expectStatus<Message>(await send(bruno, body), 200);
    const edited = expectStatus<Message>(await as(t.app, bruno).patch(`/message/${first.id}`, { body: 'editada' }), 200);
    const retry = expectStatus<Message>(await send(bruno, body), 200);
    expect(retry).toMatchObject({ id: first.id, content: { body: 'editada' }, editedAt: edited.editedAt });
    await settle(t.app, listeners);
    for (const l of [la, lb]) expect(l.of('message')).toEqual([first, retry]);
  });

  it('two simultaneous sends of one clientId store one message', async () => {
    const body = textMessage(conversation.id, 'corrida');
    const results = await Promise.all(Array.from({ length: 5 }, () => send(ana, body)));
    const ids = new Set(results.map((r) => expectStatus<Message>(r, 200).id));
    expect(ids.size).toBe(1);
    expect(await rowsWithClientId(body.clientId)).toHaveLength(1);
  });

  it('a clientId belongs to its author: another author may use the same one', async () => {
    const clientId = newClientId();
    const a = expectStatus<Message>(await send(ana, textMessage(conversation.id, 'da Ana', { clientId })), 200);
    const b = expectStatus<Message>(await send(bruno, textMessage(conversation.id, 'do Bruno', { clientId })), 200);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses a clientId already used for another chat (409)', async () => {
    const clientId = newClientId();
    await send(ana, textMessage(conversation.id, 'primeiro', { clientId }));
    const res = await send(ana, textMessage(group.id, 'reuso', { isGroup: true, clientId }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Identificador do cliente já usado em outra conversa');
  });
});

describe('`message` event', () => {
  it('reaches both participants, every tab of the sender, and nobody else', async () => {
    const [anaTab1, anaTab2, lb, lc, lo] = await listenAll(t.app, [ana, ana, bruno, carla, outsider], listeners);
    const message = expectStatus<Message>(await send(ana, textMessage(conversation.id, 'para todas as abas')), 200);
    await settle(t.app, listeners);
    for (const l of [anaTab1, anaTab2, lb]) expect(l.events).toEqual([{ event: 'message', payload: message }]);
    expect(lc.events).toEqual([]);
    expect(lo.events).toEqual([]);
  });

  it('one author’s messages reach every tab in the order sent, the order of the stored history', async () => {
    const [anaTab, lb] = await listenAll(t.app, [ana, bruno], listeners);
    const sent: Message[] = [];
    for (let i = 0; i < 20; i++) sent.push(expectStatus<Message>(await send(ana, textMessage(conversation.id, `ordem ${i}`)), 200));
    await settle(t.app, listeners);
    const ids = sent.map((m) => m.id);
    for (const l of [anaTab, lb]) expect((l.of('message') as Message[]).map((m) => m.id)).toEqual(ids);
    const page = expectStatus<{ messages: Message[] }>(
      await as(t.app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&limit=20`),
      200,
    );
    expect(page.messages.map((m) => m.id)).toEqual(ids);
  });

  it('reaches every member of a group and nobody else', async () => {
    const [la, lb, lc] = await listenAll(t.app, [ana, bruno, carla], listeners);
    const message = expectStatus<Message>(await send(bruno, textMessage(group.id, 'para o grupo', { isGroup: true })), 200);
    await settle(t.app, listeners);
    expect(la.of('message')).toEqual([message]);
    expect(lb.of('message')).toEqual([message]);
    expect(lc.events).toEqual([]);
  });
});
