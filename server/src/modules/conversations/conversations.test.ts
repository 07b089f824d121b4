import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Conversation, conversationSchema, userSchema } from '@chat/contracts';
import { messages } from '../../db/schema';
import { as, createTeam, createUser, deactivate, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, diego: TestUser, outsider: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla, diego] = await createTeam(t.app, ['Ana Lúcia', 'Bruno Araújo', 'Carla Conceição', 'João Diego']);
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const strictConversation = z.strictObject({
  ...conversationSchema.shape,
  userOne: z.strictObject(userSchema.shape),
  userTwo: z.strictObject(userSchema.shape),
});

const create = (who: TestUser, userTwoId: string) => as(t.app, who).post('/conversation/create', { userTwoId });
const send = async (who: TestUser, conversationId: string, body: string) =>
  expectStatus(await as(t.app, who).post('/message/send', textMessage(conversationId, body)), 200);

describe('POST /api/conversation/create', () => {
  it('creates the conversation with the caller as userOne and answers the Conversation entity', async () => {
    const [a, b] = await createTeam(t.app, ['Alice Nova', 'Beto Novo']);
    const conversation = expectStatus<Conversation>(await create(a, b.id), 200);
    expect(strictConversation.parse(conversation)).toEqual({
      id: expect.any(String),
      userOneId: a.id,
      userTwoId: b.id,
      userOne: expect.objectContaining({ id: a.id, name: 'Alice Nova', nickName: a.nickName, role: 'USER', avatarUrl: null }),
      userTwo: expect.objectContaining({
        id: b.id,
        name: 'Beto Novo',
        workspaces: [{ id: b.workspaceId, name: expect.any(String), features: [] }],
      }),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastMessage: null,
      unreadMessages: 0,
      muted: false,
    });
  });

  it('returns the existing conversation of the pair, in either order', async () => {
    const first = expectStatus<Conversation>(await create(ana, bruno.id), 200);
    const again = expectStatus<Conversation>(await create(ana, bruno.id), 200);
    const reversed = expectStatus<Conversation>(await create(bruno, ana.id), 200);
    expect(again.id).toBe(first.id);
    expect(reversed.id).toBe(first.id);
    expect(reversed.userOneId).toBe(ana.id);
  });

  it('creates one conversation when both users start it at the same time', async () => {
    const [a, b] = await createTeam(t.app, ['Paula Par', 'Pedro Par']);
    const results = await Promise.all([create(a, b.id), create(b, a.id), create(a, b.id), create(b, a.id)]);
    const ids = new Set(results.map((r) => expectStatus<Conversation>(r, 200).id));
    expect(ids.size).toBe(1);
  });

  it('refuses a conversation with oneself (400)', async () => {
    const res = await create(ana, ana.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Você não pode iniciar uma conversa consigo mesmo');
  });

  it.each([
    ['of another workspace', () => outsider.id],
    ['that does not exist', () => '00000000-0000-4000-8000-000000000000'],
  ])('answers 404 for a user %s', async (_label, id) => {
    const res = await create(ana, id());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Usuário não encontrado');
  });

  it('answers 404 for a removed (inactive) member', async () => {
    const gone = await createUser(t.app, ana.workspaceId, { name: 'Saiu Embora' });
    await deactivate(t.app, gone);
    expect((await create(ana, gone.id)).statusCode).toBe(404);
  });

  it('validates the body with Portuguese messages', async () => {
    const bad = await as(t.app, ana).post('/conversation/create', { userTwoId: 'bruno' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Dados inválidos: Identificador inválido', issues: [{ path: ['userTwoId'] }] });
    const missing = await as(t.app, ana).post('/conversation/create', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Dados inválidos: Identificador inválido');
  });

  it('needs a session (401) and a workspace member, not ROOT (403)', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/conversation/create', payload: { userTwoId: bruno.id } });
    expect(anonymous.statusCode).toBe(401);
    const root = await signIn(t.app, 'root', TEST_ROOT_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/conversation/get-conversations',
      headers: { authorization: `Bearer ${root.accessToken}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('emits `conversation` to both participants only, and only when it is new', async () => {
    const [a, b, c] = await createTeam(t.app, ['Emissor Um', 'Emissor Dois', 'Emissor Tres']);
    const [la, lb, lc, lo] = await listenAll(t.app, [a, b, c, outsider], listeners);
    const conversation = expectStatus<Conversation>(await create(a, b.id), 200);
    await create(b, a.id);
    await settle(t.app, listeners);
    expect(la.of('conversation')).toEqual([conversation]);
    expect(lb.of('conversation')).toEqual([conversation]);
    expect(lc.events).toEqual([]);
    expect(lo.events).toEqual([]);
  });
});

describe('GET /api/conversation/get-by-id/:id', () => {
  it('answers a participant, and 404 to anyone else (same or other workspace)', async () => {
    const conversation = expectStatus<Conversation>(await create(ana, carla.id), 200);
    const seen = expectStatus<Conversation>(await as(t.app, carla).get(`/conversation/get-by-id/${conversation.id}`), 200);
    expect(strictConversation.parse(seen).id).toBe(conversation.id);
    for (const stranger of [diego, outsider]) {
      const res = await as(t.app, stranger).get(`/conversation/get-by-id/${conversation.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Conversa não encontrada');
    }
    expect((await as(t.app, ana).get('/conversation/get-by-id/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/conversation/get-conversations', () => {
  it('sorts by last activity, carries lastMessage and the unread count of others’ messages', async () => {
    const [me, x, y, z2] = await createTeam(t.app, ['Mariana Lista', 'Xavier', 'Yara', 'Zeca']);
    const cx = expectStatus<Conversation>(await create(me, x.id), 200);
    const cy = expectStatus<Conversation>(await create(y, me.id), 200);
    await send(me, cx.id, 'primeira');
    await send(y, cy.id, 'oi Mariana');
    await send(y, cy.id, 'tudo bem?');
    await send(x, cx.id, 'resposta do Xavier');
    const cz = expectStatus<Conversation>(await create(z2, me.id), 200); // empty, newest

    const all = expectStatus<Conversation[]>(await as(t.app, me).get('/conversation/get-conversations?showEmpty=true'), 200);
    expect(all.map((c) => c.id)).toEqual([cz.id, cx.id, cy.id]);
    all.forEach((c) => strictConversation.parse(c));
    const [empty, withX, withY] = all;
    expect(empty!.lastMessage).toBeNull();
    expect(withX!.lastMessage).toEqual({
      id: expect.any(String),
      deleted: false,
      content: { body: 'resposta do Xavier', type: 'text' },
      author: { name: 'Xavier' },
      authorId: x.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(withX!.unreadMessages).toBe(1);
    expect(withY!.unreadMessages).toBe(2);

    // Without showEmpty the conversation that has no message is left out.
    const nonEmpty = expectStatus<Conversation[]>(await as(t.app, me).get('/conversation/get-conversations'), 200);
    expect(nonEmpty.map((c) => c.id)).toEqual([cx.id, cy.id]);

    // Y's view: Mariana's message is unread for Y, Y's own are not counted.
    const ofY = expectStatus<Conversation[]>(await as(t.app, y).get('/conversation/get-conversations?showEmpty=true'), 200);
    expect(ofY.map((c) => [c.id, c.unreadMessages])).toEqual([[cy.id, 0]]);

    // READ messages stop counting.
    await t.app.ctx.db
      .update(messages)
      .set({ status: 'READ' })
      .where(and(eq(messages.conversationId, cy.id), eq(messages.authorId, y.id)));
    const after = expectStatus<Conversation[]>(await as(t.app, me).get('/conversation/get-conversations?showEmpty=true'), 200);
    expect(after.find((c) => c.id === cy.id)!.unreadMessages).toBe(0);
  });

  it('lists only the caller’s conversations', async () => {
    const [lonely] = await createTeam(t.app, ['Sozinho Silva']);
    expect(expectStatus(await as(t.app, lonely).get('/conversation/get-conversations?showEmpty=true'), 200)).toEqual([]);
  });

  it('refuses a bad showEmpty', async () => {
    const res = await as(t.app, ana).get('/conversation/get-conversations?showEmpty=talvez');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: Valor deve ser true ou false');
  });
});

describe('GET /api/conversation/search', () => {
  it('matches the other participant’s name or nickName and message text, ignoring case and accents', async () => {
    const [me, joao, lu, bea] = await createTeam(t.app, ['Renata Busca', 'João Conceição', 'Luíza Prado', 'Beatriz Lima']);
    const withJoao = expectStatus<Conversation>(await create(me, joao.id), 200);
    const withLu = expectStatus<Conversation>(await create(me, lu.id), 200);
    const withBea = expectStatus<Conversation>(await create(bea, me.id), 200);
    await send(lu, withLu.id, 'Amanhã tem REUNIÃO às 10h');
    await send(bea, withBea.id, 'nada a ver');

    const search = async (content: string) =>
      expectStatus<Conversation[]>(await as(t.app, me).get(`/conversation/search?content=${encodeURIComponent(content)}`), 200).map(
        (c) => c.id,
      );
    expect(await search('joao')).toEqual([withJoao.id]);
    expect(await search('CONCEICAO')).toEqual([withJoao.id]);
    expect(await search(joao.nickName.slice(0, 6))).toEqual([withJoao.id]);
    expect(await search('reuniao')).toEqual([withLu.id]);
    expect(await search('luiza')).toEqual([withLu.id]);
    // The caller's own name matches nothing; LIKE wildcards are literal.
    expect(await search('Renata')).toEqual([]);
    expect(await search('%%')).toEqual([]);
    // Other people's conversations never show up.
    expect(expectStatus(await as(t.app, outsider).get('/conversation/search?content=reuniao'), 200)).toEqual([]);
  });

  it('starts at 2 characters (400 otherwise)', async () => {
    for (const url of ['/conversation/search?content=a', '/conversation/search?content=%20a%20', '/conversation/search']) {
      const res = await as(t.app, ana).get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Dados inválidos: A busca deve ter pelo menos 2 caracteres');
    }
  });
});
