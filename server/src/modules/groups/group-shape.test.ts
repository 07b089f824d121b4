import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Group, GroupCandidatesPage, GroupMembersPage, GroupUpdated, ResolvedEmails } from '@chat/contracts';
import { groupMembers, users, workspaces } from '../../db/schema';
import { as, createTeam, createUser, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, settle } from '../../test/socket-helpers';
import { rootCaller } from '../workspaces/workspace-test-helpers';

// A company's group of everyone: answers and events carry its head, the members page from the
// server, and the member limit holds on every way in.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, stranger: TestUser;
let big: Group;
const listeners: Listener[] = [];
const BIG = 1000;

/** `n` active users of the workspace, inserted at once (names 'Pessoa 0001'...), their ids by name. */
async function bulkUsers(workspaceId: string, n: number, prefix: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => {
        const nick = `${prefix}${String(i).padStart(4, '0')}`;
        return {
          name: `Pessoa ${String(i).padStart(4, '0')}`,
          nickName: nick,
          email: `${nick}@teste.chat`,
          passwordHash: 'x',
          workspaceId,
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Grande', 'Bruno Grande', 'Carla Grande']);
  [stranger] = await createTeam(t.app, ['Sara Fora']);
  const many = await bulkUsers(ana.workspaceId, BIG - 3, `big${Date.now() % 100000}`);
  big = expectStatus<Group>(
    await as(t.app, ana).post('/group/create', { name: 'Todos', description: '', members: [bruno.id, carla.id, ...many] }),
    200,
  );
}, 120_000);
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

describe('the Group entity of a big group', () => {
  it('carries the count and the first members, the viewer first, never everyone', async () => {
    expect(big.memberCount).toBe(BIG);
    expect(big.members).toHaveLength(8);
    expect(big.viewerIsAdmin).toBe(true);
    const asCarla = expectStatus<Group>(await as(t.app, carla).get(`/group/get-by-id/${big.id}`), 200);
    // 'Você' first, then the admins (Ana), then by name.
    expect(asCarla.members.slice(0, 3).map((m) => m.id)).toEqual([carla.id, ana.id, bruno.id]);
    expect(asCarla).toMatchObject({ memberCount: BIG, adminCount: 1, viewerIsAdmin: false, admins: [{ id: ana.id }] });
    const listed = expectStatus<Group[]>(await as(t.app, carla).get('/group/list'), 200).find((g) => g.id === big.id)!;
    expect(listed.members.map((m) => m.id)).toEqual(asCarla.members.map((m) => m.id));
    expect(JSON.stringify(listed).length).toBeLessThan(6000);
  });

  it('sends a rename of the 1,000-member group in at most 4 KB', async () => {
    const [lb] = await listenAll(t.app, [bruno], listeners);
    await as(t.app, ana).patch(`/group/update/${big.id}`, { name: 'Todos da empresa', description: 'Avisos gerais' });
    await settle(t.app, listeners);
    const [event] = lb.of('group::updated') as GroupUpdated[];
    expect(event!.change).toEqual({ kind: 'renamed', name: 'Todos da empresa', description: 'Avisos gerais' });
    expect(event!.memberCount).toBe(BIG);
    expect(event!.members).toHaveLength(3);
    // The payload as the socket frames it: bounded whatever the group holds.
    expect(Buffer.byteLength(JSON.stringify(['group::updated', event]))).toBeLessThanOrEqual(4096);
  });
});

describe('GET /api/group/:groupId/members', () => {
  const page = async (who: TestUser, query: string) =>
    expectStatus<GroupMembersPage>(await as(t.app, who).get(`/group/${big.id}/members${query}`), 200);

  it('pages through every member once: the viewer, admins, then by name', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: GroupMembersPage | null = null;
    do {
      const p: GroupMembersPage = await page(carla, `?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      first ??= p;
      seen.push(...p.members.map((m) => m.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(BIG);
    expect(new Set(seen).size).toBe(BIG);
    expect(seen.slice(0, 3)).toEqual([carla.id, ana.id, bruno.id]);
    expect(first!.total).toBe(BIG);
    expect((await page(carla, '')).members).toHaveLength(50);
  });

  it('searches name, nickName and e-mail ignoring case and accents, and pages the results', async () => {
    const found = await page(carla, `?content=${encodeURIComponent('PESSÕA 00')}&limit=40`);
    expect(found.total).toBe(100);
    expect(found.members.map((m) => m.name)[0]).toBe('Pessoa 0000');
    const rest = await page(carla, `?content=pessoa%2000&limit=200&cursor=${found.nextCursor}`);
    expect(rest.members).toHaveLength(60);
    expect(rest.nextCursor).toBeNull();
    expect((await page(carla, `?content=${bruno.email}`)).members.map((m) => m.id)).toEqual([bruno.id]);
    expect((await page(carla, '?content=ninguem')).members).toEqual([]);
  });

  it('refuses a bad limit or cursor (400) and a non-member (404)', async () => {
    const res = await as(t.app, carla).get(`/group/${big.id}/members?limit=201`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: O limite deve ser entre 1 e 200');
    const bad = await as(t.app, carla).get(`/group/${big.id}/members?cursor=xyz`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cursor inválido');
    expect((await as(t.app, stranger).get(`/group/${big.id}/members`)).statusCode).toBe(404);
  });
});

describe('member pickers: candidates, all of a search, pasted e-mails', () => {
  it('pages the workspace for a new group, and those not in the group for its admins only', async () => {
    const [lead, x, y] = await createTeam(t.app, ['Lia Líder', 'Xavier Um', 'Yara Dois']);
    const extra = await bulkUsers(lead.workspaceId, 250, `cand${Date.now() % 100000}`);
    const all = expectStatus<GroupCandidatesPage>(await as(t.app, lead).get('/group/candidates?limit=200'), 200);
    expect(all.total).toBe(252);
    expect(all.users).toHaveLength(200);
    const next = expectStatus<GroupCandidatesPage>(await as(t.app, lead).get(`/group/candidates?limit=200&cursor=${all.nextCursor}`), 200);
    expect(new Set([...all.users, ...next.users].map((u) => u.id)).size).toBe(252);
    expect(next.nextCursor).toBeNull();

    const group = expectStatus<Group>(
      await as(t.app, lead).post('/group/create', { name: 'Pequeno', description: '', members: [x.id] }),
      200,
    );
    const notIn = expectStatus<GroupCandidatesPage>(await as(t.app, lead).get(`/group/candidates?groupId=${group.id}&content=yara`), 200);
    expect(notIn.users.map((u) => u.id)).toEqual([y.id]);
    const ids = expectStatus<{ ids: string[] }>(await as(t.app, lead).get(`/group/candidate-ids?groupId=${group.id}&content=pessoa`), 200);
    expect(ids.ids.sort()).toEqual([...extra].sort());
    expect((await as(t.app, x).get(`/group/candidates?groupId=${group.id}`)).statusCode).toBe(403);
    expect((await as(t.app, stranger).get(`/group/candidate-ids?groupId=${group.id}`)).statusCode).toBe(404);
  });

  it('resolves pasted e-mails to the workspace’s users, listing the unknown and those already in', async () => {
    const res = expectStatus<ResolvedEmails>(
      await as(t.app, ana).post('/group/resolve-emails', {
        groupId: big.id,
        emails: [bruno.email.toUpperCase(), stranger.email, 'ninguem@teste.chat'],
      }),
      200,
    );
    expect(res).toEqual({ users: [], unknown: [stranger.email, 'ninguem@teste.chat'], alreadyMembers: [bruno.email] });
    const [lead, x] = await createTeam(t.app, ['Leo Novo', 'Xena Nova']);
    const fresh = expectStatus<ResolvedEmails>(await as(t.app, lead).post('/group/resolve-emails', { emails: [x.email, lead.email] }), 200);
    expect(fresh.users.map((u) => u.id)).toEqual([x.id]);
    expect(fresh.alreadyMembers).toEqual([lead.email]);
    const bad = await as(t.app, lead).post('/group/resolve-emails', { emails: ['nao-e-email'] });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the group member limit', () => {
  const LIMIT_MESSAGE = 'Um grupo pode ter no máximo 1000 membros';

  it('refuses a 1,001st member on create and on add, with one message', async () => {
    const newcomer = await createUser(t.app, ana.workspaceId, { name: 'Zé Novo' });
    const add = await as(t.app, ana).post(`/group/add-member/${big.id}`, { newMembersIds: [newcomer.id] });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(LIMIT_MESSAGE);
    const ids = (await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.workspaceId, ana.workspaceId))).map((r) => r.id);
    const create = await as(t.app, ana).post('/group/create', {
      name: 'Demais',
      description: '',
      members: ids.filter((id) => id !== ana.id),
    });
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toBe(LIMIT_MESSAGE);
  });

  it('lets only one of two concurrent adds fill the last places', async () => {
    const [lead] = await createTeam(t.app, ['Lara Limite']);
    await t.app.ctx.db.update(workspaces).set({ groupMemberLimit: 10 }).where(eq(workspaces.id, lead.workspaceId));
    const people = await bulkUsers(lead.workspaceId, 12, `conc${Date.now() % 100000}`);
    const group = expectStatus<Group>(
      await as(t.app, lead).post('/group/create', { name: 'Corrida', description: '', members: people.slice(0, 3) }),
      200,
    );
    const [one, two] = await Promise.all([
      as(t.app, lead).post(`/group/add-member/${group.id}`, { newMembersIds: people.slice(3, 8) }),
      as(t.app, lead).post(`/group/add-member/${group.id}`, { newMembersIds: people.slice(8, 12) }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect([one, two].find((r) => r.statusCode === 409)!.json().message).toBe('Um grupo pode ter no máximo 10 membros');
    const rows = await t.app.ctx.db.select().from(groupMembers).where(eq(groupMembers.groupId, group.id));
    expect(rows.length).toBeLessThanOrEqual(10);
  });

  it('is set per workspace by ROOT through PUT /workspace/{id}', async () => {
    const [lead, a, b] = await createTeam(t.app, ['Rui Raiz', 'Ari Um', 'Bia Dois']);
    const root = await rootCaller(t.app);
    const put = (groupMemberLimit: unknown) =>
      root('PUT', `/workspace/${lead.workspaceId}`, { name: 'Equipe Limite', limitOfMembers: 0, groupMemberLimit });
    expect(expectStatus<{ groupMemberLimit: number }>(await put(2), 200).groupMemberLimit).toBe(2);
    const res = await as(t.app, lead).post('/group/create', { name: 'Trio', description: '', members: [a.id, b.id] });
    expect(res.json().message).toBe('Um grupo pode ter no máximo 2 membros');
    const wrong = await put(1);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Dados inválidos: Limite de membros por grupo deve ser entre 2 e 5000');
    expect(expectStatus<{ groupMemberLimit: number }>(await put(3), 200).groupMemberLimit).toBe(3);
    expectStatus(await as(t.app, lead).post('/group/create', { name: 'Trio', description: '', members: [a.id, b.id] }), 200);
  });
});
