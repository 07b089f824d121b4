import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatListCursor, type Conversation, type Group, CHAT_LIST_CURSOR_MESSAGE, CHAT_LIST_LIMIT_MESSAGE } from '@chat/contracts';
import { conversations, groupMembers, groups, messages, users } from '../../db/schema';
import { as, createUser, createWorkspace, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementPlan } from '../../test/plans';
import { groupPage } from '../groups/groups.repository';
import { conversationPage } from './conversations.repository';

// The chat lists page by last activity (docs/api.md, Listas de conversas e grupos): walking every
// page with the cursor of the last chat of the one before gives the whole list, in its order,
// none twice and none skipped, also where chats share a millisecond (ordered by id) or differ
// only below it (the cursor carries milliseconds).

const CHATS = 12;
let t: TestApp;
let me: TestUser;

/** Activity times: some in the same millisecond, two apart by microseconds only, some without a message. */
const BASE = Date.parse('2026-03-01T12:00:00.000Z');
const activityOf = (i: number) =>
  new Date(BASE + Math.floor(i / 3) * 1000).toISOString().replace('Z', `${String(i % 2).padStart(3, '0')}Z`);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const { db } = t.app.ctx;
  const workspaceId = await createWorkspace(t.app);
  me = await createUser(t.app, workspaceId, { name: 'Eu Paginado' });
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: CHATS }, (_, i) => ({
        name: `Pessoa ${i}`,
        nickName: `pagina${i}x${Date.now().toString(36)}`,
        email: `pagina${i}.${Date.now().toString(36)}@teste.chat`,
        passwordHash: 'x',
        workspaceId,
      })),
    )
    .returning({ id: users.id });
  const created = new Date(BASE - 86_400_000);
  const chats = await db
    .insert(conversations)
    .values(people.map((p) => ({ userOneId: me.id, userTwoId: p.id, createdAt: created })))
    .returning({ id: conversations.id });
  const teamGroups = await db
    .insert(groups)
    .values(Array.from({ length: CHATS }, (_, i) => ({ workspaceId, name: `Grupo ${i}`, createdAt: created })))
    .returning({ id: groups.id });
  await db.insert(groupMembers).values(teamGroups.map((g) => ({ groupId: g.id, userId: me.id })));
  // In time order, so that each chat's newest message (by seq) is its latest; every fourth chat has none.
  const order = Array.from({ length: CHATS }, (_, i) => i).sort((a, b) => activityOf(a).localeCompare(activityOf(b)));
  for (const i of order) {
    if (i % 4 === 3) continue;
    await db.execute(
      sql`INSERT INTO messages (conversation_id, author_id, body, created_at) VALUES (${chats[i]!.id}, ${people[i]!.id}, ${`oi ${i}`}, ${activityOf(i)}::timestamptz)`,
    );
    await db.execute(
      sql`INSERT INTO messages (group_id, author_id, body, created_at) VALUES (${teamGroups[i]!.id}, ${me.id}, ${`grupo ${i}`}, ${activityOf(i)}::timestamptz)`,
    );
  }
  await db.execute(sql`ANALYZE messages`);
}, 60_000);
afterAll(() => t?.close());

type Chat = Conversation | Group;

/** Every page of `path` with `limit`, following the cursor, as the sidebar does. */
async function walk<T extends Chat>(path: string, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let before: string | null = null;
  for (;;) {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
    const page = expectStatus<T[]>(await as(t.app, me).get(url), 200);
    pages.push(page);
    if (page.length < limit) return pages;
    before = chatListCursor(page.at(-1)!);
  }
}

const ids = (list: Chat[]) => list.map((c) => c.id);

for (const [name, path] of [
  ['conversations', '/conversation/get-conversations?showEmpty=true'],
  ['groups', '/group/list'],
] as const) {
  describe(`GET ${path} paged`, () => {
    it('gives the whole list, in the order of the unpaged answer, page after page, none twice or skipped', async () => {
      const whole = expectStatus<Chat[]>(await as(t.app, me).get(path), 200);
      expect(whole).toHaveLength(CHATS);
      for (const limit of [1, 2, 5, 50]) {
        const pages = await walk(path, limit);
        expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
        const flat = pages.flat();
        expect(new Set(ids(flat)).size, `${name} limit ${limit}`).toBe(flat.length);
        expect(ids(flat).sort()).toEqual(ids(whole).sort());
        // Newest first by last activity (to the millisecond), then id descending.
        const keys = flat.map((c) => [Date.parse(c.lastMessage?.createdAt ?? c.createdAt), c.id] as const);
        for (let i = 1; i < keys.length; i++) {
          const [a, b] = [keys[i - 1]!, keys[i]!];
          expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]), `${name} limit ${limit} at ${i}`).toBe(true);
        }
      }
    });

    it('answers each chat as the unpaged list does (unread count, last message, mute)', async () => {
      const whole = expectStatus<Chat[]>(await as(t.app, me).get(path), 200);
      const paged = (await walk(path, 4)).flat();
      const byId = new Map(whole.map((c) => [c.id, c]));
      for (const chat of paged) expect(chat).toEqual(byId.get(chat.id));
    });

    it('refuses a bad limit or cursor with a Portuguese message', async () => {
      const separator = path.includes('?') ? '&' : '?';
      for (const [query, message] of [
        ['limit=0', CHAT_LIST_LIMIT_MESSAGE],
        ['limit=1000', CHAT_LIST_LIMIT_MESSAGE],
        ['before=ontem', CHAT_LIST_CURSOR_MESSAGE],
        [`before=${encodeURIComponent('2026-03-01T12:00:00.000Z|nao-e-id')}`, CHAT_LIST_CURSOR_MESSAGE],
      ] as const) {
        const res = await as(t.app, me).get(`${path}${separator}${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ message: string }>().message).toContain(message);
      }
    });
  });
}

describe('GET /conversation/get-conversations paged without showEmpty', () => {
  it('leaves out conversations without a message, as the whole list does', async () => {
    const whole = expectStatus<Conversation[]>(await as(t.app, me).get('/conversation/get-conversations'), 200);
    const paged = (await walk<Conversation>('/conversation/get-conversations', 3)).flat();
    expect(ids(paged).sort()).toEqual(ids(whole).sort());
    expect(paged.every((c) => c.lastMessage)).toBe(true);
  });
});

describe('the plans of a page', () => {
  // A workspace's worth of others' chats, so that the planner weighs indexes against scans.
  beforeAll(async () => {
    const { db } = t.app.ctx;
    const workspaceId = await createWorkspace(t.app);
    const stamp = Date.now().toString(36);
    const others = await db
      .insert(users)
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          name: `Outro ${i}`,
          nickName: `outro${i}x${stamp}`,
          email: `outro${i}.${stamp}@teste.chat`,
          passwordHash: 'x',
          workspaceId,
        })),
      )
      .returning({ id: users.id });
    // Everyone talks with 50 others: 20,000 conversations, the first 400 with messages.
    const allPairs = others.flatMap((o, i) =>
      Array.from({ length: 50 }, (_, d) => ({ userOneId: o.id, userTwoId: others[(i + d + 1) % 400]!.id })),
    );
    const pairs: { id: string }[] = [];
    for (let i = 0; i < allPairs.length; i += 2000)
      pairs.push(
        ...(await db
          .insert(conversations)
          .values(allPairs.slice(i, i + 2000))
          .returning({ id: conversations.id })),
      );
    pairs.splice(400);
    const teamGroups = await db
      .insert(groups)
      .values(Array.from({ length: 100 }, (_, i) => ({ workspaceId, name: `Outro grupo ${i}` })))
      .returning({ id: groups.id });
    await db
      .insert(groupMembers)
      .values(
        teamGroups.flatMap((g, i) => Array.from({ length: 10 }, (_, k) => ({ groupId: g.id, userId: others[(i * 10 + k) % 400]!.id }))),
      );
    const rows = [
      ...pairs.flatMap((c, i) => Array.from({ length: 5 }, (_, k) => ({ conversationId: c.id, authorId: others[i]!.id, body: `m${k}` }))),
      ...teamGroups.flatMap((g, i) =>
        Array.from({ length: 20 }, (_, k) => ({ groupId: g.id, authorId: others[i * 4]!.id, body: `g${k}` })),
      ),
    ];
    for (let i = 0; i < rows.length; i += 1000) await db.insert(messages).values(rows.slice(i, i + 1000));
    await db.execute(sql`ANALYZE`);
  }, 60_000);

  const page = { limit: 50, before: { at: new Date(BASE + 2000), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' } };
  it("find the viewer's conversations by the participant indexes and each one's last message by its seq index", async () => {
    const { db } = t.app.ctx;
    const plan = await statementPlan(db, conversationPage(db, me.id, page, false), {}, {});
    expect(plan).toMatch(/conversations_user_one_id_idx/);
    expect(plan).toMatch(/conversations_user_two_id_idx/);
    expect(plan).toContain('messages_conversation_seq_idx');
    expect(plan).not.toMatch(/Seq Scan on messages/);
    expect(plan).toMatch(/Limit/);
  });

  it("find the viewer's groups by their memberships and each one's last message by its seq index", async () => {
    const { db } = t.app.ctx;
    const plan = await statementPlan(db, groupPage(db, me.id, page), {}, {});
    expect(plan).toContain('messages_group_seq_idx');
    expect(plan).not.toMatch(/Seq Scan on messages/);
    expect(plan).not.toMatch(/Seq Scan on group_members/);
    expect(plan).toMatch(/Limit/);
  });
});
