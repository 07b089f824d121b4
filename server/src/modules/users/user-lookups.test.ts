import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Group, type User, userSchema } from '@chat/contracts';
import { as, createTeam, createUser, deactivate, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let me: TestUser, joao: TestUser, maria: TestUser, gone: TestUser, outsider: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [me, joao, maria] = await createTeam(t.app, ['Eu Mesma', 'João Ávila', 'Maria Conceição']);
  gone = await createUser(t.app, me.workspaceId, { name: 'Joana Saiu' });
  await deactivate(t.app, gone);
  [outsider] = await createTeam(t.app, ['João Fora']);
});
afterAll(() => t?.close());

const ids = (users: User[]) => users.map((u) => u.id);

describe('GET /api/user/search-in-same-workspace', () => {
  const search = async (query: string, who = me) =>
    expectStatus<User[]>(await as(t.app, who).get(`/user/search-in-same-workspace${query}`), 200);

  it('lists the active colleagues by name, never the caller, another workspace or a removed member', async () => {
    const all = await search('');
    expect(ids(all)).toEqual([joao.id, maria.id]);
    all.forEach((u) => z.strictObject(userSchema.shape).parse(u));
  });

  it('searches name, nickName and e-mail ignoring case and accents', async () => {
    expect(ids(await search('?content=joao'))).toEqual([joao.id]);
    expect(ids(await search('?content=CONCEICAO'))).toEqual([maria.id]);
    expect(ids(await search(`?content=${maria.nickName}`))).toEqual([maria.id]);
    expect(ids(await search(`?content=${encodeURIComponent(joao.email)}`))).toEqual([joao.id]);
    expect(ids(await search('?content=fora'))).toEqual([]);
  });

  it('filters from the first character (the modals search as the user types), up to 100', async () => {
    expect(ids(await search('?content=v'))).toEqual([joao.id]);
    const res = await as(t.app, me).get(`/user/search-in-same-workspace?content=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: A busca deve ter no máximo 100 caracteres');
  });
});

describe('GET /api/user/get-user-by-id', () => {
  it('answers a user of the same workspace (removed members too), 404 for another workspace', async () => {
    const found = expectStatus<User>(await as(t.app, me).get(`/user/get-user-by-id?id=${joao.id}`), 200);
    expect(z.strictObject(userSchema.shape).parse(found)).toMatchObject({ id: joao.id, name: 'João Ávila' });
    expect(expectStatus<User>(await as(t.app, me).get(`/user/get-user-by-id?id=${gone.id}`), 200).name).toBe('Joana Saiu');
    expect(expectStatus<User>(await as(t.app, me).get(`/user/get-user-by-id?id=${me.id}`), 200).id).toBe(me.id);
    const other = await as(t.app, me).get(`/user/get-user-by-id?id=${outsider.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Usuário não encontrado');
    const bad = await as(t.app, me).get('/user/get-user-by-id?id=joao');
    expect(bad.json().message).toBe('Dados inválidos: Identificador inválido');
  });
});

describe('GET /api/user/common-groups/:userTwoId', () => {
  it('lists the groups both users are in; 404 for a user of another workspace', async () => {
    const create = async (who: TestUser, name: string, members: TestUser[]) =>
      expectStatus<Group>(await as(t.app, who).post('/group/create', { name, description: '', members: members.map((m) => m.id) }), 200);
    const both = await create(me, 'Nós dois', [joao]);
    const trio = await create(maria, 'Trio', [me, joao]);
    await create(me, 'Só com Maria', [maria]);
    await create(joao, 'Sem mim', [maria]);

    const common = expectStatus<Group[]>(await as(t.app, me).get(`/user/common-groups/${joao.id}`), 200);
    expect(common.map((g) => g.id).sort()).toEqual([both.id, trio.id].sort());
    const fromOutside = await as(t.app, me).get(`/user/common-groups/${outsider.id}`);
    expect(fromOutside.statusCode).toBe(404);
    expect((await as(t.app, me).get('/user/common-groups/xyz')).statusCode).toBe(400);
  });
});
