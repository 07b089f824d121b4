import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Group, type GroupMember, groupMemberSchema, groupSchema, userSchema } from '@chat/contracts';
import { users } from '../../db/schema';
import { as, createTeam, createUser, deactivate, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, diego: TestUser, outsider: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla, diego] = await createTeam(t.app, ['Ana Grupo', 'Bruno Grupo', 'Carla Grupo', 'Diego Grupo']);
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const strictGroup = z.strictObject({
  ...groupSchema.shape,
  members: z.array(z.strictObject(groupMemberSchema.shape)),
  admins: z.array(z.strictObject(userSchema.shape)),
});

const createGroup = (who: TestUser, body: { name: string; description?: string; members: string[] }) =>
  as(t.app, who).post('/group/create', { description: '', ...body });
const newGroup = async (who: TestUser, name: string, members: TestUser[], description = '') =>
  expectStatus<Group>(await createGroup(who, { name, description, members: members.map((m) => m.id) }), 200);
const sendToGroup = async (who: TestUser, groupId: string, body: string) =>
  expectStatus(await as(t.app, who).post('/message/send', textMessage(groupId, body, { isGroup: true })), 200);

describe('POST /api/group/create', () => {
  it('makes the creator admin and member and answers the Group entity', async () => {
    const group = await newGroup(ana, 'Projeto Sol', [bruno, carla], 'Lançamento do Sol');
    expect(strictGroup.parse(group)).toEqual({
      id: expect.any(String),
      name: 'Projeto Sol',
      description: 'Lançamento do Sol',
      avatarUrl: null,
      memberCount: 3,
      adminCount: 1,
      viewerIsAdmin: true,
      members: [
        expect.objectContaining({ id: ana.id, isAdmin: true }),
        expect.objectContaining({ id: bruno.id, isAdmin: false }),
        expect.objectContaining({ id: carla.id, isAdmin: false }),
      ],
      admins: [expect.objectContaining({ id: ana.id, name: 'Ana Grupo', nickName: ana.nickName })],
      createdAt: expect.any(String),
      // Its first line: 'Ana criou o grupo'.
      lastMessage: expect.objectContaining({ authorId: ana.id, content: expect.objectContaining({ type: 'system' }) }),
    });
  });

  it('ignores the creator and duplicates in the member list', async () => {
    const group = await newGroup(ana, 'Dupla', [ana, bruno, bruno]);
    expect(group.members.map((m) => m.id)).toEqual([ana.id, bruno.id]);
  });

  it('emits `group` to every member and nobody else', async () => {
    const [la, lb, lc, ld, lo] = await listenAll(t.app, [ana, bruno, carla, diego, outsider], listeners);
    const group = await newGroup(ana, 'Avisos', [bruno, carla]);
    await settle(t.app, listeners);
    // The event is the same for every member: without the answer's per-viewer field.
    // The group and its first line ('Ana criou o grupo') are committed together: the event
    // already shows the line as the last message, which then arrives as a 'message' too.
    const { viewerIsAdmin: _mine, ...head } = group;
    expect(head.lastMessage?.content.type).toBe('system');
    for (const l of [la, lb, lc]) {
      expect(l.of('group')).toEqual([head]);
      expect(l.of('message')).toEqual([
        expect.objectContaining({ id: head.lastMessage!.id, content: expect.objectContaining(head.lastMessage!.content) }),
      ]);
    }
    expect(ld.events).toEqual([]);
    expect(lo.events).toEqual([]);
  });

  it('answers 404 when a member is of another workspace, unknown or removed, and creates nothing', async () => {
    const gone = await createUser(t.app, ana.workspaceId, { name: 'Ex Membro' });
    await deactivate(t.app, gone);
    for (const id of [outsider.id, '00000000-0000-4000-8000-000000000000', gone.id]) {
      const res = await createGroup(ana, { name: 'Invasão', members: [bruno.id, id] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Usuário não encontrado');
    }
    const names = expectStatus<Group[]>(await as(t.app, bruno).get('/group/list'), 200).map((g) => g.name);
    expect(names).not.toContain('Invasão');
  });

  it('refuses a member left without a workspace (403)', async () => {
    const [row] = await t.app.ctx.db
      .insert(users)
      .values({ name: 'Sem Equipe', nickName: 'semequipe', email: 'semequipe@teste.chat', passwordHash: 'x' })
      .returning();
    const token = await t.app.ctx.accessTokens.sign({ id: row!.id, role: 'USER', workspaceId: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/group/create',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Solto', description: '', members: [] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Você não pertence a nenhum workspace');
  });

  it('validates the body with Portuguese messages', async () => {
    const blank = await createGroup(ana, { name: '   ', members: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Dados inválidos: Nome é obrigatório', issues: [{ path: ['name'] }] });
    const badIds = await createGroup(ana, { name: 'Ok', members: ['bruno'] });
    expect(badIds.json()).toMatchObject({ message: 'Dados inválidos: Identificador inválido', issues: [{ path: ['members', 0] }] });
  });
});

describe('GET /api/group/list and /api/group/get-by-id/:id', () => {
  it('lists the caller’s groups by last activity with their last message', async () => {
    const [me, other] = await createTeam(t.app, ['Lia Lista', 'Rui Lista']);
    const older = await newGroup(me, 'Mais antigo', [other]);
    const quiet = await newGroup(me, 'Silencioso', [other]);
    await sendToGroup(other, older.id, 'mensagem nova');
    const groups = expectStatus<Group[]>(await as(t.app, me).get('/group/list'), 200);
    expect(groups.map((g) => g.name)).toEqual(['Mais antigo', 'Silencioso']);
    groups.forEach((g) => strictGroup.parse(g));
    expect(groups[0]!.lastMessage).toEqual({
      id: expect.any(String),
      deleted: false,
      content: { body: 'mensagem nova', type: 'text' },
      author: { name: 'Rui Lista' },
      authorId: other.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(groups[1]!.id).toBe(quiet.id);
    expect(groups[1]!.lastMessage?.content.type).toBe('system');
  });

  it('shows a group to its members only: 404 for others of the workspace and of other workspaces', async () => {
    const group = await newGroup(ana, 'Fechado', [bruno]);
    expect(strictGroup.parse(expectStatus(await as(t.app, bruno).get(`/group/get-by-id/${group.id}`), 200)).id).toBe(group.id);
    for (const stranger of [diego, outsider]) {
      const res = await as(t.app, stranger).get(`/group/get-by-id/${group.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Grupo não encontrado');
      const listed = expectStatus<Group[]>(await as(t.app, stranger).get('/group/list'), 200);
      expect(listed.map((g) => g.id)).not.toContain(group.id);
    }
    expect((await as(t.app, ana).get('/group/get-by-id/nao-e-id')).statusCode).toBe(400);
  });
});

describe('GET /api/group/search', () => {
  it('matches name, description and message text, ignoring case and accents, in the caller’s groups only', async () => {
    const byName = await newGroup(ana, 'Comunicação Interna', [bruno]);
    const byDescription = await newGroup(ana, 'Time B', [bruno], 'Assuntos de GESTÃO');
    const byMessage = await newGroup(ana, 'Time C', [bruno]);
    await sendToGroup(bruno, byMessage.id, 'Reunião às 15h');
    const hidden = await newGroup(carla, 'Comunicação Secreta', [diego]);

    const search = async (who: TestUser, content: string) =>
      expectStatus<Group[]>(await as(t.app, who).get(`/group/search?content=${encodeURIComponent(content)}`), 200).map((g) => g.id);
    expect(await search(ana, 'comunicacao')).toEqual([byName.id]);
    expect(await search(ana, 'gestao')).toEqual([byDescription.id]);
    expect(await search(bruno, 'REUNIAO')).toEqual([byMessage.id]);
    expect(await search(diego, 'comunicação')).toEqual([hidden.id]);
    expect(await search(outsider, 'comunicacao')).toEqual([]);
    const short = await as(t.app, ana).get('/group/search?content=x');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Dados inválidos: A busca deve ter pelo menos 2 caracteres');
  });
});

describe('GET /api/group/:groupId/search-members', () => {
  it('lists or searches the members by name, nickName or e-mail, for members only', async () => {
    const [lead, joao, maria] = await createTeam(t.app, ['Líder Equipe', 'João Ávila', 'Maria Souza']);
    const group = await newGroup(lead, 'Membros', [joao, maria]);
    const search = async (who: TestUser, query: string) =>
      expectStatus<GroupMember[]>(await as(t.app, who).get(`/group/${group.id}/search-members${query}`), 200);

    const all = await search(maria, '');
    expect(all.map((m) => [m.id, m.isAdmin])).toEqual([
      [lead.id, true],
      [joao.id, false],
      [maria.id, false],
    ]);
    all.forEach((m) => z.strictObject(groupMemberSchema.shape).parse(m));
    expect((await search(maria, '?content=avila')).map((m) => m.id)).toEqual([joao.id]);
    expect((await search(maria, `?content=${maria.nickName.toUpperCase()}`)).map((m) => m.id)).toEqual([maria.id]);
    expect((await search(maria, `?content=${encodeURIComponent(lead.email)}`)).map((m) => m.id)).toEqual([lead.id]);
    expect(await search(maria, '?content=ninguem')).toEqual([]);

    // One character already filters (the details panel searches as the user types).
    expect((await search(maria, '?content=z')).map((m) => m.id)).toEqual([maria.id]);
    const tooLong = await as(t.app, maria).get(`/group/${group.id}/search-members?content=${'a'.repeat(101)}`);
    expect(tooLong.json().message).toBe('Dados inválidos: A busca deve ter no máximo 100 caracteres');
    expect((await as(t.app, ana).get(`/group/${group.id}/search-members`)).statusCode).toBe(404);
    expect((await as(t.app, outsider).get(`/group/${group.id}/search-members`)).statusCode).toBe(404);
  });
});
