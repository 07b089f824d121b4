import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '@chat/contracts';
import { users, workspaces } from '../../db/schema';
import { createUser, deactivate, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';
import { type Call, caller, rootCaller, teamWithAdmin } from './workspace-test-helpers';

// PUT /api/workspace/:id and PATCH /api/workspace/change-admin/:id (ROOT only), and how a limit
// ROOT sets meets the admin's invites.

let t: TestApp;
let root: Call;
const listeners: Listener[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  root = await rootCaller(t.app);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const update = (id: string, body: object) => root('PUT', `/workspace/${id}`, body);
const changeAdmin = (id: string, newAdminEmail: string) => root('PATCH', `/workspace/change-admin/${id}`, { newAdminEmail });
const stored = async (id: string) => (await t.app.ctx.db.select().from(workspaces).where(eq(workspaces.id, id)))[0]!;
const roleOf = async (user: TestUser) =>
  (await t.app.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, user.id)))[0]!.role;
const invite = (admin: TestUser, email: string) => caller(t.app, admin.token)('POST', '/user/invite', { email });

describe('PUT /api/workspace/:id', () => {
  it('updates name, description, limit and features, and tells the members’ pages about the features', async () => {
    const [ada, bia] = await teamWithAdmin(t.app, ['Ada Lima', 'Bia Reis']);
    const [other] = await teamWithAdmin(t.app, ['Olga Fora']);
    const [la, lb, lo] = await listenAll(t.app, [ada, bia, other], listeners);
    const res = await update(ada.workspaceId, {
      name: 'Suporte',
      description: 'Atendimento ao cliente',
      limitOfMembers: 5,
      features: ['polygonal', 'disable_edit_personal_info'],
    });
    const workspace = expectStatus<Workspace>(res, 200);
    expect(workspace).toMatchObject({
      name: 'Suporte',
      description: 'Atendimento ao cliente',
      limitOfMembers: 5,
      features: ['polygonal', 'disable_edit_personal_info'],
      admin: { id: ada.id },
      membersCount: 2,
    });
    await settle(t.app, listeners);
    for (const l of [la, lb]) expect(l.of('session:changed')).toEqual([{ reason: 'features' }]);
    expect(lo.events).toEqual([]);
  });

  it('keeps description and features when they are not sent, and emits nothing', async () => {
    const [ada] = await teamWithAdmin(t.app, ['Ada Mota']);
    await t.app.ctx.db
      .update(workspaces)
      .set({ description: 'Antes', features: ['edit_members'] })
      .where(eq(workspaces.id, ada.workspaceId));
    const [la] = await listenAll(t.app, [ada], listeners);
    expectStatus(await update(ada.workspaceId, { name: 'Novo nome', limitOfMembers: 0 }), 200);
    // The same features in another order are no change either.
    expectStatus(await update(ada.workspaceId, { name: 'Novo nome', limitOfMembers: 0, features: ['edit_members'] }), 200);
    await settle(t.app, listeners);
    expect(la.events).toEqual([]);
    expect(await stored(ada.workspaceId)).toMatchObject({ name: 'Novo nome', description: 'Antes', features: ['edit_members'] });
  });

  it('refuses a limit below the active members with 409 and changes nothing; equal or 0 is fine', async () => {
    const [ada, , caio] = await teamWithAdmin(t.app, ['Ada Nunes', 'Bia Nunes', 'Caio Nunes']);
    const res = await update(ada.workspaceId, { name: 'Não muda', limitOfMembers: 2, features: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('O limite de membros não pode ser menor que o número de membros ativos (3)');
    expect(await stored(ada.workspaceId)).toMatchObject({ limitOfMembers: 0, features: [] });
    expect((await stored(ada.workspaceId)).name).not.toBe('Não muda');

    expect(expectStatus<Workspace>(await update(ada.workspaceId, { name: 'Três', limitOfMembers: 3 }), 200).limitOfMembers).toBe(3);
    // Removed members do not count.
    await deactivate(t.app, caio);
    expectStatus(await update(ada.workspaceId, { name: 'Dois', limitOfMembers: 2 }), 200);
    expectStatus(await update(ada.workspaceId, { name: 'Sem limite', limitOfMembers: 0 }), 200);
  });

  it('answers 404 for an unknown workspace and 400 for bad input', async () => {
    const unknown = await update('00000000-0000-4000-8000-000000000000', { name: 'Nada', limitOfMembers: 0 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Workspace não encontrado');
    const [ada] = await teamWithAdmin(t.app, ['Ada Brito']);
    const bad = await update(ada.workspaceId, { name: 'Ok', limitOfMembers: 100_001 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toBe('Limite de membros deve ser entre 0 e 100000');
  });
});

describe('the limit ROOT sets, on the admin’s invites', () => {
  it('refuses the next invite once active members plus pending invites reach it', async () => {
    const [ada] = await teamWithAdmin(t.app, ['Ada Prado']);
    expectStatus(await update(ada.workspaceId, { name: 'Limite 2', limitOfMembers: 2 }), 200);
    expect((await invite(ada, 'primeiro@convite.chat')).statusCode).toBe(201);
    const refused = await invite(ada, 'segundo@convite.chat');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Limite de membros do workspace atingido');
  });

  it('two concurrent invites for the last seat: exactly one wins', async () => {
    const [ada] = await teamWithAdmin(t.app, ['Ada Quintas']);
    expectStatus(await update(ada.workspaceId, { name: 'Limite 2', limitOfMembers: 2 }), 200);
    const results = await Promise.all([invite(ada, 'corrida1@convite.chat'), invite(ada, 'corrida2@convite.chat')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('a limit above 1000 (the API only; the form offers it behind its "limite ampliado" box)', () => {
  /** `count` more active members inserted at once (no argon2, no sign-in). */
  async function addMembers(workspaceId: string, count: number) {
    const tag = Math.random().toString(36).slice(2, 8);
    const rows = Array.from({ length: count }, (_, i) => ({
      name: `Muitos ${i}`,
      nickName: `mu${tag}${i}`,
      email: `mu${tag}${i}@muitos.chat`,
      passwordHash: 'x',
      workspaceId,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.app.ctx.db.insert(users).values(rows.slice(i, i + 1000));
  }

  it('is stored and enforced on invite and on account creation, as any limit', async () => {
    const [ada] = await teamWithAdmin(t.app, ['Ada Milhar']);
    await t.app.ctx.db
      .update(workspaces)
      .set({ features: ['create_members'] })
      .where(eq(workspaces.id, ada.workspaceId));
    await addMembers(ada.workspaceId, 1200);
    // Below the active members: refused as any limit is.
    expect((await update(ada.workspaceId, { name: 'Grande', limitOfMembers: 1100 })).statusCode).toBe(409);
    const saved = expectStatus<Workspace>(await update(ada.workspaceId, { name: 'Grande', limitOfMembers: 1202 }), 200);
    expect(saved).toMatchObject({ limitOfMembers: 1202, membersCount: 1201 });
    expect(saved.members).toHaveLength(50);
    expect((await stored(ada.workspaceId)).limitOfMembers).toBe(1202);

    // 1201 active + this invite = 1202 seats: the last one.
    expect((await invite(ada, 'ultimo@milhar.chat')).statusCode).toBe(201);
    const refused = await invite(ada, 'alem@milhar.chat');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Limite de membros do workspace atingido');
    const created = await caller(t.app, ada.token)('POST', '/user/create-member-without-invite', {
      name: 'Além Do Limite',
      email: 'alem2@milhar.chat',
      nickName: 'alemdolimite',
      password: 'senha-longa-1',
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe('Limite de membros do workspace atingido');

    // ROOT may go up to 100000.
    expect(expectStatus<Workspace>(await update(ada.workspaceId, { name: 'Grande', limitOfMembers: 100_000 }), 200).limitOfMembers).toBe(
      100_000,
    );
  }, 60_000);

  it('may be given at creation', async () => {
    const res = await root('POST', '/workspace/create', {
      name: 'Nasce grande',
      adminName: 'Admin Grande',
      adminEmail: 'admin@nasce-grande.chat',
      limitOfMembers: 5000,
    });
    expect(expectStatus<Workspace>(res, 201).limitOfMembers).toBe(5000);
  });
});

describe('PATCH /api/workspace/change-admin/:id', () => {
  it('makes the member ADMIN and the previous admin USER, and renews both sessions', async () => {
    const [ada, bia, caio] = await teamWithAdmin(t.app, ['Ada Rocha', 'Bia Rocha', 'Caio Rocha']);
    const [la, lb, lc] = await listenAll(t.app, [ada, bia, caio], listeners);
    const workspace = expectStatus<Workspace>(await changeAdmin(ada.workspaceId, bia.email.toUpperCase()), 200);
    expect(workspace.admin).toEqual({ id: bia.id, name: 'Bia Rocha', email: bia.email });
    expect(await roleOf(ada)).toBe('USER');
    expect(await roleOf(bia)).toBe('ADMIN');
    expect((await stored(ada.workspaceId)).adminId).toBe(bia.id);
    await settle(t.app, listeners);
    for (const l of [la, lb]) expect(l.of('session:changed')).toEqual([{ reason: 'role' }]);
    expect(lc.events).toEqual([]);

    // The server follows the new roles at once, even with tokens signed before the change.
    expect((await invite(ada, 'pela-ada@convite.chat')).statusCode).toBe(403);
    expect((await invite(bia, 'pela-bia@convite.chat')).statusCode).toBe(201);
  });

  it('answers the workspace unchanged, without events, when the e-mail is the current admin', async () => {
    const [ada, bia] = await teamWithAdmin(t.app, ['Ada Sales', 'Bia Sales']);
    const [la, lb] = await listenAll(t.app, [ada, bia], listeners);
    expect(expectStatus<Workspace>(await changeAdmin(ada.workspaceId, ada.email), 200).admin?.id).toBe(ada.id);
    await settle(t.app, listeners);
    expect([...la.events, ...lb.events]).toEqual([]);
  });

  it('refuses an unknown, foreign, removed or ROOT e-mail with a Portuguese message, and changes nothing', async () => {
    const [ada, bia] = await teamWithAdmin(t.app, ['Ada Torres', 'Bia Torres']);
    const [foreign] = await teamWithAdmin(t.app, ['Fábio Fora']);
    const gone = await createUser(t.app, ada.workspaceId, { name: 'Gil Saiu' });
    await deactivate(t.app, gone);
    const [la] = await listenAll(t.app, [ada], listeners);
    for (const email of ['ninguem@lugar.chat', foreign.email, gone.email, 'root@chat.local']) {
      const res = await changeAdmin(ada.workspaceId, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message).toBe('O novo administrador precisa ser um membro ativo deste workspace');
    }
    expect(await roleOf(ada)).toBe('ADMIN');
    expect(await roleOf(bia)).toBe('USER');
    expect(await roleOf(foreign)).toBe('ADMIN');
    expect((await stored(ada.workspaceId)).adminId).toBe(ada.id);
    await settle(t.app, listeners);
    expect(la.events).toEqual([]);
  });

  it('answers 404 for an unknown workspace and 400 for a malformed e-mail', async () => {
    const unknown = await changeAdmin('00000000-0000-4000-8000-000000000000', 'ana@demo.chat');
    expect(unknown.statusCode).toBe(404);
    const [ada] = await teamWithAdmin(t.app, ['Ada Vidal']);
    const bad = await changeAdmin(ada.workspaceId, 'nao-e-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toBe('E-mail do administrador é inválido');
  });
});
