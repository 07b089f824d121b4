import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Group } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';

// Group-admin actions: only admins, never on themselves, and every change heard by the members.

let t: TestApp;
let admin: TestUser, member: TestUser, other: TestUser, newcomer: TestUser, colleague: TestUser, outsider: TestUser;
let group: Group;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
});
beforeEach(async () => {
  [admin, member, other, newcomer, colleague] = await createTeam(t.app, [
    'Ada Admin',
    'Mel Membro',
    'Oto Outro',
    'Nina Nova',
    'Caio Colega',
  ]);
  group = expectStatus<Group>(
    await as(t.app, admin).post('/group/create', { name: 'Equipe Alfa', description: '', members: [member.id, other.id] }),
    200,
  );
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const url = (action: string) => `/group/${action}/${group.id}`;
const expectRefusal = (res: { statusCode: number; json: () => { message: string } }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
};
const NOT_ADMIN = 'Apenas administradores do grupo podem fazer isso';
/** A listener's events but the system lines ('message'), which system-lines.test.ts checks. */
const withoutLines = (l: Listener) => l.events.filter((e) => e.event !== 'message');
/** What `group` carries of an answer: the same head, without the answer's per-viewer field. */
const head = ({ viewerIsAdmin: _mine, ...g }: Group) => g;
/** What `group::updated` carries of it: the first 3 members and admins, no last message either. */
const eventHead = ({ viewerIsAdmin: _mine, lastMessage: _last, ...g }: Group) => ({
  ...g,
  members: g.members.slice(0, 3),
  admins: g.admins.slice(0, 3),
});

describe('PATCH /api/group/update/:id', () => {
  it('lets an admin rename and describe the group; members hear group::updated, nobody else does', async () => {
    const [la, lm, lo, lc] = await listenAll(t.app, [admin, member, other, colleague], listeners);
    const updated = expectStatus<Group>(
      await as(t.app, admin).patch(`/group/update/${group.id}`, { name: '  Equipe Beta ', description: 'Nova fase' }),
      200,
    );
    expect(updated).toMatchObject({ id: group.id, name: 'Equipe Beta', description: 'Nova fase' });
    await settle(t.app, listeners);
    const change = { kind: 'renamed', name: 'Equipe Beta', description: 'Nova fase' };
    for (const l of [la, lm, lo]) expect(l.of('group::updated')).toEqual([{ ...eventHead(updated), change }]);
    expect(lc.events).toEqual([]);
  });

  it('refuses a member who is not admin (403), a non-member and another workspace (404)', async () => {
    const body = { name: 'Tomada', description: '' };
    expectRefusal(await as(t.app, member).patch(`/group/update/${group.id}`, body), 403, NOT_ADMIN);
    expectRefusal(await as(t.app, colleague).patch(`/group/update/${group.id}`, body), 404, 'Grupo não encontrado');
    expectRefusal(await as(t.app, outsider).patch(`/group/update/${group.id}`, body), 404, 'Grupo não encontrado');
    expect(expectStatus<Group>(await as(t.app, admin).get(`/group/get-by-id/${group.id}`), 200).name).toBe('Equipe Alfa');
  });

  it('validates the name (required, at least 3 characters)', async () => {
    expectRefusal(
      await as(t.app, admin).patch(`/group/update/${group.id}`, { name: 'ab', description: '' }),
      400,
      'Dados inválidos: Nome deve ter pelo menos 3 caracteres',
    );
    expectRefusal(
      await as(t.app, admin).patch(`/group/update/${group.id}`, { description: '' }),
      400,
      'Dados inválidos: Nome é obrigatório',
    );
  });
});

describe('POST /api/group/add-admin/:groupId and remove-admin', () => {
  it('promotes a member and demotes them again, each heard by the members', async () => {
    const [lm, lc] = await listenAll(t.app, [member, colleague], listeners);
    const promoted = expectStatus<Group>(await as(t.app, admin).post(url('add-admin'), { newAdminId: member.id }), 200);
    // Admins by name: Ada, Mel.
    expect(promoted.admins.map((a) => a.id)).toEqual([admin.id, member.id]);
    expect(promoted.members.find((m) => m.id === member.id)!.isAdmin).toBe(true);

    // The new admin may now act, but not on themselves.
    const demoted = expectStatus<Group>(await as(t.app, admin).post(url('remove-admin'), { adminId: member.id }), 200);
    expect(demoted.admins.map((a) => a.id)).toEqual([admin.id]);
    await settle(t.app, listeners);
    expect(lm.of('group::updated')).toEqual([
      { ...eventHead(promoted), change: { kind: 'adminAdded', adminId: member.id } },
      { ...eventHead(demoted), change: { kind: 'adminRemoved', adminId: member.id } },
    ]);
    expect(lc.events).toEqual([]);
  });

  it('refuses acting on oneself (403) and a non-admin caller (403)', async () => {
    expectRefusal(
      await as(t.app, admin).post(url('add-admin'), { newAdminId: admin.id }),
      403,
      'Você não pode adicionar a si mesmo como administrador',
    );
    expectRefusal(
      await as(t.app, admin).post(url('remove-admin'), { adminId: admin.id }),
      403,
      'Você não pode remover a si mesmo como administrador',
    );
    expectRefusal(await as(t.app, member).post(url('add-admin'), { newAdminId: other.id }), 403, NOT_ADMIN);
    expectRefusal(await as(t.app, member).post(url('remove-admin'), { adminId: admin.id }), 403, NOT_ADMIN);
    expectRefusal(await as(t.app, outsider).post(url('add-admin'), { newAdminId: member.id }), 404, 'Grupo não encontrado');
  });

  it('refuses targets that are not members (404) or already in that state (409)', async () => {
    expectRefusal(await as(t.app, admin).post(url('add-admin'), { newAdminId: colleague.id }), 404, 'Usuário não é membro do grupo');
    expectRefusal(await as(t.app, admin).post(url('remove-admin'), { adminId: member.id }), 409, 'Usuário não é administrador do grupo');
    await as(t.app, admin).post(url('add-admin'), { newAdminId: member.id });
    expectRefusal(await as(t.app, admin).post(url('add-admin'), { newAdminId: member.id }), 409, 'Usuário já é administrador do grupo');
    expectRefusal(await as(t.app, admin).post(url('add-admin'), { newAdminId: 'x' }), 400, 'Dados inválidos: Identificador inválido');
  });
});

describe('POST /api/group/add-member/:groupId', () => {
  it('adds colleagues: they hear `group`, the previous members `group::updated`, others nothing', async () => {
    const [la, lm, ln, lc, lx] = await listenAll(t.app, [admin, member, newcomer, colleague, outsider], listeners);
    const updated = expectStatus<Group>(
      await as(t.app, admin).post(url('add-member'), { newMembersIds: [newcomer.id, colleague.id] }),
      200,
    );
    expect(updated.members.map((m) => m.id).sort()).toEqual([admin.id, member.id, other.id, newcomer.id, colleague.id].sort());
    await settle(t.app, listeners);
    expect(updated.memberCount).toBe(5);
    // The others hear the first of the added members, by name (Caio, Nina), and how many came.
    const added = [colleague, newcomer].map((u) => updated.members.find((m) => m.id === u.id));
    const change = { kind: 'membersAdded', members: added, addedCount: 2 };
    for (const l of [la, lm]) expect(withoutLines(l)).toEqual([{ event: 'group::updated', payload: { ...eventHead(updated), change } }]);
    for (const l of [ln, lc])
      expect(withoutLines(l)).toEqual([
        {
          event: 'group',
          payload: { ...head(updated), lastMessage: expect.objectContaining({ content: expect.objectContaining({ type: 'system' }) }) },
        },
      ]);
    expect(lx.events).toEqual([]);
    expect((await as(t.app, newcomer).get(`/group/get-by-id/${group.id}`)).statusCode).toBe(200);
  });

  it('refuses oneself (403), a non-admin (403), another workspace’s user (404), only existing members (409)', async () => {
    expectRefusal(
      await as(t.app, admin).post(url('add-member'), { newMembersIds: [admin.id] }),
      403,
      'Você não pode adicionar a si mesmo ao grupo',
    );
    expectRefusal(await as(t.app, member).post(url('add-member'), { newMembersIds: [newcomer.id] }), 403, NOT_ADMIN);
    expectRefusal(await as(t.app, admin).post(url('add-member'), { newMembersIds: [outsider.id] }), 404, 'Usuário não encontrado');
    expectRefusal(
      await as(t.app, admin).post(url('add-member'), { newMembersIds: [member.id] }),
      409,
      'Os usuários selecionados já são membros do grupo',
    );
    expectRefusal(
      await as(t.app, admin).post(url('add-member'), { newMembersIds: [] }),
      400,
      'Dados inválidos: Selecione ao menos um usuário',
    );
    expectRefusal(await as(t.app, outsider).post(url('add-member'), { newMembersIds: [outsider.id] }), 404, 'Grupo não encontrado');
  });
});

describe('POST /api/group/remove-member/:groupId', () => {
  it('removes a member, who hears group::updated without themselves and loses access', async () => {
    const [lm, lo, lc] = await listenAll(t.app, [member, other, colleague], listeners);
    const updated = expectStatus<Group>(await as(t.app, admin).post(url('remove-member'), { memberId: member.id }), 200);
    expect(updated.members.map((m) => m.id)).not.toContain(member.id);
    await settle(t.app, listeners);
    const event = { ...eventHead(updated), change: { kind: 'memberRemoved', memberId: member.id } };
    expect(lm.of('group::updated')).toEqual([event]);
    expect(lo.of('group::updated')).toEqual([event]);
    expect(lc.events).toEqual([]);
    expect((await as(t.app, member).get(`/group/get-by-id/${group.id}`)).statusCode).toBe(404);
    const list = expectStatus<Group[]>(await as(t.app, member).get('/group/list'), 200);
    expect(list.map((g) => g.id)).not.toContain(group.id);
  });

  it('refuses oneself (403), a non-admin (403) and a non-member target (404)', async () => {
    expectRefusal(
      await as(t.app, admin).post(url('remove-member'), { memberId: admin.id }),
      403,
      'Você não pode remover a si mesmo do grupo',
    );
    expectRefusal(await as(t.app, member).post(url('remove-member'), { memberId: other.id }), 403, NOT_ADMIN);
    expectRefusal(await as(t.app, admin).post(url('remove-member'), { memberId: colleague.id }), 404, 'Usuário não é membro do grupo');
    expectRefusal(await as(t.app, colleague).post(url('remove-member'), { memberId: member.id }), 404, 'Grupo não encontrado');
  });
});
