import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User, Workspace } from '@chat/contracts';
import { invites, neoCustomData, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { createAdminTeam, setFeatures } from '../../test/team';

// GET /workspace/get-by-admin-id, POST /user/create-member-without-invite, PATCH /user/update/{id}.

let t: TestApp;
let root: TestUser;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const session = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
  root = { ...session.user, workspaceId: '', token: session.accessToken };
});
afterAll(() => t?.close());

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'Acesso negado' };
const NOT_FOUND = { statusCode: 404, error: 'Not Found', message: 'Membro não encontrado' };
let counter = 0;
const account = (overrides: Record<string, string> = {}) => {
  counter += 1;
  return { name: 'Pessoa Nova', email: `nova${counter}@exemplo.com`, nickName: `nova${counter}x`, password: 'senha-nova-1', ...overrides };
};

describe('GET /api/workspace/get-by-admin-id', () => {
  it("answers the admin's workspace with its active members, their role and polygon", async () => {
    const {
      admin,
      members: [bia, caio],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia Lima', 'Caio Reis']);
    const [polygon] = await t.app.ctx.db.insert(neoCustomData).values({ workspaceId, name: 'Norte' }).returning();
    await t.app.ctx.db.update(users).set({ neoCustomDataId: polygon!.id }).where(eq(users.id, bia.id));
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, caio.id));

    const body = expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200);
    expect(body).toMatchObject({
      id: workspaceId,
      admin: { id: admin.id, name: admin.name, email: admin.email },
      membersCount: 2,
      limitOfMembers: 0,
      features: ['polygonal', 'create_members', 'edit_members'],
    });
    expect(body.members.map((m) => [m.name, m.role, m.neoCustomData?.name ?? null])).toEqual([
      ['Admin Equipe', 'ADMIN', null],
      ['Bia Lima', 'USER', 'Norte'],
    ]);
  });

  it('is for ADMINs: 403 for a USER and ROOT, 401 without a session', async () => {
    const {
      members: [user],
    } = await createAdminTeam(t.app, ['Usuária Comum']);
    for (const who of [user, root]) expect((await as(t.app, who).get('/workspace/get-by-admin-id')).json()).toEqual(FORBIDDEN);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/get-by-admin-id' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/create-member-without-invite', () => {
  it("creates a USER in the admin's workspace who can sign in at once", async () => {
    const { admin, workspaceId } = await createAdminTeam(t.app, []);
    const body = account({ email: 'Criada@Exemplo.com' });
    const user = expectStatus<User>(await as(t.app, admin).post('/user/create-member-without-invite', body), 201);
    expect(user).toMatchObject({ name: 'Pessoa Nova', email: 'criada@exemplo.com', role: 'USER', neoCustomData: null });
    expect(user.workspaces.map((w) => w.id)).toEqual([workspaceId]);
    expect((await signIn(t.app, body.nickName, body.password)).user.id).toBe(user.id);
  });

  it('answers 409 for a taken e-mail or nickName in any case and any workspace, creating nothing', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const {
      members: [other],
    } = await createAdminTeam(t.app, ['Outra Pessoa']);
    const before = await t.app.ctx.db.$count(users);
    const email = await as(t.app, admin).post('/user/create-member-without-invite', account({ email: other.email.toUpperCase() }));
    expect(email.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'E-mail já cadastrado' });
    const nick = await as(t.app, admin).post('/user/create-member-without-invite', account({ nickName: other.nickName.toUpperCase() }));
    expect(nick.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Apelido já está em uso' });
    expect(await t.app.ctx.db.$count(users)).toBe(before);
  });

  it('answers 400 in Portuguese to a bad body', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const res = await as(t.app, admin).post('/user/create-member-without-invite', {
      name: 'A',
      email: 'x',
      nickName: 'a b',
      password: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Mínimo de 2 caracteres', 'E-mail inválido', 'Apenas letras e números', 'Mínimo de 8 caracteres']),
    );
  });

  it('is refused to a USER (403), to ROOT (403) and without the create_members feature (403)', async () => {
    const {
      admin,
      members: [user],
      workspaceId,
    } = await createAdminTeam(t.app, ['Usuário Comum']);
    for (const who of [user, root]) {
      expect((await as(t.app, who).post('/user/create-member-without-invite', account())).json()).toEqual(FORBIDDEN);
    }
    await setFeatures(t.app, workspaceId, ['polygonal', 'edit_members']);
    const res = await as(t.app, admin).post('/user/create-member-without-invite', account());
    expect(res.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'A criação de contas de membros está desativada neste workspace',
    });
  });

  it('counts active members and pending invites against the limit; a removed member frees a seat', async () => {
    const {
      admin,
      members: [bia],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia Lima'], { limitOfMembers: 3 });
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'pendente@exemplo.com' }), 201);
    // admin + bia + one pending invite = 3 seats.
    const full = await as(t.app, admin).post('/user/create-member-without-invite', account());
    expect(full.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Limite de membros do workspace atingido' });

    // The invited e-mail itself may get its account: its invite's seat becomes the account's, and the invite goes.
    expectStatus(await as(t.app, admin).post('/user/create-member-without-invite', account({ email: 'pendente@exemplo.com' })), 201);
    expect(await t.app.ctx.db.$count(invites, eq(invites.workspaceId, workspaceId))).toBe(0);

    expectStatus(await as(t.app, admin).delete(`/user/${bia.id}`), 200);
    expectStatus(await as(t.app, admin).post('/user/create-member-without-invite', account()), 201);
  });

  it('lets only as many simultaneous creations through as there are seats', async () => {
    const { admin } = await createAdminTeam(t.app, [], { limitOfMembers: 3 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => as(t.app, admin).post('/user/create-member-without-invite', account())),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
  });
});

describe('PATCH /api/user/update/{targetUserId}', () => {
  it('changes only the sent fields', async () => {
    const {
      admin,
      members: [bia],
    } = await createAdminTeam(t.app, ['Bia Lima']);
    const user = expectStatus<User>(await as(t.app, admin).patch(`/user/update/${bia.id}`, { name: 'Beatriz Lima' }), 200);
    expect(user).toMatchObject({ id: bia.id, name: 'Beatriz Lima', nickName: bia.nickName, email: bia.email, role: 'USER' });
    const both = expectStatus<User>(
      await as(t.app, admin).patch(`/user/update/${bia.id}`, { email: 'Bia.Nova@Exemplo.com', nickName: 'biaNova1' }),
      200,
    );
    expect(both).toMatchObject({ name: 'Beatriz Lima', email: 'bia.nova@exemplo.com', nickName: 'biaNova1' });
  });

  it('a new password works for sign-in and revokes the sessions the member had', async () => {
    const {
      admin,
      members: [bia],
    } = await createAdminTeam(t.app, ['Bia Lima']);
    const { token: refreshToken } = await t.app.ctx.refreshTokens.issue(bia.id, true);
    expectStatus(await as(t.app, admin).patch(`/user/update/${bia.id}`, { password: 'nova-senha-99' }), 200);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await signIn(t.app, bia.nickName, 'nova-senha-99')).user.id).toBe(bia.id);
  });

  it("answers 409 to another account's e-mail or nickName (any case) and changes nothing; its own stays fine", async () => {
    const {
      admin,
      members: [bia, caio],
    } = await createAdminTeam(t.app, ['Bia Lima', 'Caio Reis']);
    const nick = await as(t.app, admin).patch(`/user/update/${bia.id}`, { name: 'Outro Nome', nickName: caio.nickName.toUpperCase() });
    expect(nick.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Apelido já está em uso' });
    const email = await as(t.app, admin).patch(`/user/update/${bia.id}`, { email: caio.email });
    expect(email.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'E-mail já cadastrado' });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, bia.id));
    expect(row).toMatchObject({ name: 'Bia Lima', nickName: bia.nickName, email: bia.email });
    expectStatus(await as(t.app, admin).patch(`/user/update/${bia.id}`, { nickName: bia.nickName.toUpperCase() }), 200);
  });

  it('never changes the role, and answers 400 to an empty or bad body', async () => {
    const {
      admin,
      members: [bia],
    } = await createAdminTeam(t.app, ['Bia Lima']);
    const onlyRole = await as(t.app, admin).patch(`/user/update/${bia.id}`, { role: 'ADMIN' });
    expect(onlyRole.statusCode).toBe(400);
    expect(onlyRole.json().message).toBe('Dados inválidos: Preencha ao menos um campo');
    expect(expectStatus<User>(await as(t.app, admin).patch(`/user/update/${bia.id}`, { name: 'Bia', role: 'ADMIN' }), 200).role).toBe(
      'USER',
    );
    const bad = await as(t.app, admin).patch(`/user/update/${bia.id}`, { email: 'nada', password: 'curta' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { message: string }) => i.message)
        .sort(),
    ).toEqual(['E-mail inválido', 'Mínimo de 8 caracteres']);
    expect((await as(t.app, admin).patch('/user/update/nao-e-id', { name: 'X' })).statusCode).toBe(400);
  });

  it('answers 404 for members of another workspace, removed members, ROOT and unknown ids', async () => {
    const {
      admin,
      members: [gone],
    } = await createAdminTeam(t.app, ['Saiu Antes']);
    const {
      members: [stranger],
    } = await createAdminTeam(t.app, ['De Fora']);
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
    for (const id of [stranger.id, gone.id, root.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await as(t.app, admin).patch(`/user/update/${id}`, { name: 'Novo Nome' })).json()).toEqual(NOT_FOUND);
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row!.name).toBe('De Fora');
  });

  it('is refused to a USER and ROOT (403) and without edit_members (403)', async () => {
    const {
      admin,
      members: [bia, caio],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia Lima', 'Caio Reis']);
    expect((await as(t.app, bia).patch(`/user/update/${caio.id}`, { name: 'Hack' })).json()).toEqual(FORBIDDEN);
    expect((await as(t.app, root).patch(`/user/update/${caio.id}`, { name: 'Hack' })).json()).toEqual(FORBIDDEN);
    await setFeatures(t.app, workspaceId, ['polygonal', 'create_members']);
    expect((await as(t.app, admin).patch(`/user/update/${caio.id}`, { name: 'Hack' })).json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'A edição de membros está desativada neste workspace',
    });
  });

  it('assigns a polygon of the same workspace, clears it with null, refuses others (404) and needs polygonal (403)', async () => {
    const {
      admin,
      members: [bia],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia Lima']);
    const { workspaceId: otherId } = await createAdminTeam(t.app, []);
    const [mine, theirs] = await t.app.ctx.db
      .insert(neoCustomData)
      .values([
        { workspaceId, name: 'Sul' },
        { workspaceId: otherId, name: 'Leste' },
      ])
      .returning();
    const url = `/user/update/${bia.id}`;
    expect(expectStatus<User>(await as(t.app, admin).patch(url, { neoCustomDataId: mine!.id }), 200).neoCustomData).toEqual({
      id: mine!.id,
      name: 'Sul',
    });
    expect((await as(t.app, admin).patch(url, { neoCustomDataId: theirs!.id })).json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Poligonal não encontrada',
    });
    expect(expectStatus<User>(await as(t.app, admin).patch(url, { neoCustomDataId: null }), 200).neoCustomData).toBeNull();

    await setFeatures(t.app, workspaceId, ['create_members', 'edit_members']);
    expect((await as(t.app, admin).patch(url, { neoCustomDataId: mine!.id })).json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'As poligonais estão desativadas neste workspace',
    });
    expectStatus(await as(t.app, admin).patch(url, { name: 'Sem Poligonal' }), 200);
  });

  it('an ADMIN may edit her own name (she is a member of her workspace)', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    expect(expectStatus<User>(await as(t.app, admin).patch(`/user/update/${admin.id}`, { name: 'Admin Nova' }), 200).role).toBe('ADMIN');
  });
});
