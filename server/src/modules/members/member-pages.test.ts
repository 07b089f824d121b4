import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberPage, Workspace, WorkspaceSummary } from '@chat/contracts';
import { neoCustomData, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, createUser, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { createAdminTeam } from '../../test/team';
import { INVALID_CURSOR } from '../users/member-pages';

// GET /workspace/members (ADMIN, own workspace) and GET /workspace/{id}/members (ROOT): keyset
// pages by (name, id) with a server search; the workspace calls carry the count and the first page.

let t: TestApp;
let root: TestUser;
let admin: TestUser;
let workspaceId: string;
let otherAdmin: TestUser;
let otherWorkspaceId: string;
const FILLERS = 120;

/** `count` active members inserted at once (no argon2): names `${prefix} 000`, `${prefix} 001`... */
async function addMembers(workspace: string, count: number, prefix: string) {
  const tag = randomBytes(3).toString('hex');
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${String(i).padStart(4, '0')}`,
    nickName: `m${tag}${i}`,
    email: `m${tag}${i}@pages.chat`,
    passwordHash: 'x',
    workspaceId: workspace,
  }));
  for (let i = 0; i < rows.length; i += 1000) await t.app.ctx.db.insert(users).values(rows.slice(i, i + 1000));
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const session = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
  root = { ...session.user, workspaceId: '', token: session.accessToken };
  ({ admin, workspaceId } = await createAdminTeam(t.app, []));
  await addMembers(workspaceId, FILLERS, 'Pessoa');
  const joao = await createUser(t.app, workspaceId, { name: 'João Araújo', nick: 'jota' });
  await createUser(t.app, workspaceId, { name: 'JOAO MAIÚSCULO', nick: 'caixa' });
  await createUser(t.app, workspaceId, { name: 'Zé Ninguém', nick: 'ze', email: 'contato.especial@pages.chat' });
  const gone = await createUser(t.app, workspaceId, { name: 'João Removido', nick: 'removido' });
  await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, gone.id));
  const [polygon] = await t.app.ctx.db.insert(neoCustomData).values({ workspaceId, name: 'São Paulo' }).returning();
  await t.app.ctx.db.update(users).set({ neoCustomDataId: polygon!.id }).where(eq(users.id, joao.id));
  ({ admin: otherAdmin, workspaceId: otherWorkspaceId } = await createAdminTeam(t.app, ['João Outro Lugar']));
}, 60_000);
afterAll(() => t?.close());

const page = async (who: TestUser, query: string) => expectStatus<MemberPage>(await as(t.app, who).get(`/workspace/members${query}`), 200);

/** Every page from the first, following nextCursor. */
async function allPages(get: (cursor: string | null) => Promise<MemberPage>) {
  const pages: MemberPage[] = [];
  let cursor: string | null = null;
  do {
    const next = await get(cursor);
    pages.push(next);
    cursor = next.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

/** The active members of the workspace in the database's own (name, id) order. */
async function activeIdsInOrder(workspace: string) {
  const rows = await t.app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.workspaceId, workspace), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => r.id);
}

describe('GET /api/workspace/members', () => {
  it('pages through every active member once, by name then id, 50 at a time by default', async () => {
    const pages = await allPages((cursor) => page(admin, cursor ? `?cursor=${cursor}` : ''));
    expect(pages.map((p) => p.members.length)).toEqual([50, 50, 24]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const ids = pages.flatMap((p) => p.members.map((m) => m.id));
    expect(ids).toEqual(await activeIdsInOrder(workspaceId));
    expect(ids.some((id) => pages.flatMap((p) => p.members).find((m) => m.id === id)!.name === 'João Removido')).toBe(false);
  });

  it('takes a limit from 1 to 200 and refuses a cursor it did not hand out', async () => {
    const pages = await allPages((cursor) => page(admin, `?limit=200${cursor ? `&cursor=${cursor}` : ''}`));
    expect(pages.map((p) => p.members.length)).toEqual([124]);
    for (const limit of ['0', '201', 'x']) {
      expect((await as(t.app, admin).get(`/workspace/members?limit=${limit}`)).json()).toMatchObject({
        statusCode: 400,
        message: 'Dados inválidos: O limite deve ser entre 1 e 200',
      });
    }
    for (const cursor of ['abc', Buffer.from('["a","not-a-uuid"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      expect((await as(t.app, admin).get(`/workspace/members?cursor=${cursor}`)).json()).toMatchObject({
        statusCode: 400,
        message: INVALID_CURSOR,
      });
    }
  });

  it('searches name, nickName, e-mail and polygon name, ignoring case and accents, never another workspace', async () => {
    const names = async (content: string) => (await page(admin, `?content=${encodeURIComponent(content)}`)).members.map((m) => m.name);
    expect(await names('joao')).toEqual(['JOAO MAIÚSCULO', 'João Araújo'].sort());
    expect(await names('ARAUJO')).toEqual(['João Araújo']);
    expect(await names('sao paulo')).toEqual(['João Araújo']);
    expect(await names('jota')).toEqual(['João Araújo']);
    expect(await names('contato.especial')).toEqual(['Zé Ninguém']);
    expect(await names('ninguem')).toEqual(['Zé Ninguém']);
    expect(await names('outro lugar')).toEqual([]);
    expect(await names('100%')).toEqual([]);
    // A search pages like the full list.
    const pages = await allPages((cursor) => page(admin, `?content=pessoa&limit=40${cursor ? `&cursor=${cursor}` : ''}`));
    expect(pages.map((p) => p.members.length)).toEqual([40, 40, 40]);
  });

  it('is for ADMINs, on their own workspace: 403 for a USER and ROOT, 401 without a session', async () => {
    const {
      members: [user],
    } = await createAdminTeam(t.app, ['Usuária Comum']);
    for (const who of [user!, root]) expect((await as(t.app, who).get('/workspace/members')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace/members' })).statusCode).toBe(401);
    expect((await page(otherAdmin, '')).members.map((m) => m.name)).toEqual(['Admin Equipe', 'João Outro Lugar']);
  });
});

describe('the workspace calls carry the count and the first page', () => {
  it('get-by-admin-id: membersCount of all, 50 members and the cursor of the next page', async () => {
    const body = expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200);
    expect(body.membersCount).toBe(FILLERS + 4);
    expect(body.members).toHaveLength(50);
    expect(body.members).toEqual((await page(admin, '')).members);
    const next = await page(admin, `?cursor=${body.membersNextCursor}`);
    expect(next.members[0]!.id).toBe((await activeIdsInOrder(workspaceId))[50]);
  });

  it("ROOT: GET /workspace/{id} and the list carry the count; /workspace/{id}/members pages any workspace's", async () => {
    const one = expectStatus<Workspace>(await as(t.app, root).get(`/workspace/${workspaceId}`), 200);
    expect(one.membersCount).toBe(FILLERS + 4);
    expect(one.members).toHaveLength(50);
    const list = expectStatus<WorkspaceSummary[]>(await as(t.app, root).get('/workspace/list'), 200);
    expect(list.find((w) => w.id === workspaceId)).toMatchObject({ membersCount: FILLERS + 4 });
    expect(list.find((w) => w.id === workspaceId)).not.toHaveProperty('members');

    const pages = await allPages(async (cursor) =>
      expectStatus<MemberPage>(
        await as(t.app, root).get(`/workspace/${workspaceId}/members?limit=100${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      ),
    );
    expect(pages.flatMap((p) => p.members.map((m) => m.id))).toEqual(await activeIdsInOrder(workspaceId));
    const found = expectStatus<MemberPage>(await as(t.app, root).get(`/workspace/${otherWorkspaceId}/members?content=OUTRO`), 200);
    expect(found.members.map((m) => m.name)).toEqual(['João Outro Lugar']);
  });

  it('/workspace/{id}/members is for ROOT: 403 for an ADMIN (even of that workspace), 404 for no workspace', async () => {
    expect((await as(t.app, admin).get(`/workspace/${workspaceId}/members`)).statusCode).toBe(403);
    expect((await as(t.app, root).get('/workspace/00000000-0000-4000-8000-000000000000/members')).json()).toMatchObject({
      statusCode: 404,
      message: 'Workspace não encontrado',
    });
  });
});
