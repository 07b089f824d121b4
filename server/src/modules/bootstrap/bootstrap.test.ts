import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, MessagesPage } from '@chat/contracts';
import { conversations, groups, users, workspaces } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';

describe('bootstrap with the demo workspace', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const allUsers = () => t.app.ctx.db.select().from(users).orderBy(asc(users.nickName));

  it('creates ROOT and the demo workspace with its admin and three members', async () => {
    const rows = await allUsers();
    expect(rows.map((u) => [u.nickName, u.role, u.email])).toEqual([
      ['ana', 'ADMIN', 'ana@demo.chat'],
      ['bruno', 'USER', 'bruno@demo.chat'],
      ['carla', 'USER', 'carla@demo.chat'],
      ['diego', 'USER', 'diego@demo.chat'],
      ['root', 'ROOT', 'root@chat.local'],
    ]);
    const [workspace, ...others] = await t.app.ctx.db.select().from(workspaces);
    expect(others).toHaveLength(0);
    expect(workspace).toMatchObject({ name: 'Equipe Demo', limitOfMembers: 0 });
    expect(workspace!.description.length).toBeGreaterThan(10);
    const ana = rows.find((u) => u.nickName === 'ana')!;
    expect(workspace!.adminId).toBe(ana.id);
    expect(rows.filter((u) => u.role !== 'ROOT').every((u) => u.workspaceId === workspace!.id)).toBe(true);
    expect(rows.find((u) => u.role === 'ROOT')!.workspaceId).toBeNull();
    // Stored as argon2id, never in clear.
    expect(rows.every((u) => u.passwordHash.startsWith('$argon2id$'))).toBe(true);
  });

  it('reports the accounts it created and writes the credentials file without the configured passwords', () => {
    const report = t.app.bootstrapReport;
    if (!report.created) throw new Error('bootstrap deveria ter criado as contas');
    expect(report.accounts.map((a) => a.nickName)).toEqual(['root', 'ana', 'bruno', 'carla', 'diego']);
    const text = readFileSync(report.credentialsFile, 'utf8');
    expect(text).toContain('root@chat.local');
    expect(text).toContain('ana@demo.chat');
    expect(text).toContain('(definida em ROOT_PASSWORD)');
    expect(text).not.toContain(TEST_ROOT_PASSWORD);
    expect(text).not.toContain(TEST_DEMO_PASSWORD);
  });

  it('lets the created accounts sign in with ROOT_PASSWORD and DEMO_PASSWORD', async () => {
    expect((await signIn(t.app, 'root', TEST_ROOT_PASSWORD)).user.role).toBe('ROOT');
    expect((await signIn(t.app, 'diego@demo.chat', TEST_DEMO_PASSWORD)).user.role).toBe('USER');
  });

  it('seeds the demo chats: ana–bruno, ana–carla (2 unread for ana) and the group Projeto Aurora', async () => {
    const { accessToken } = await signIn(t.app, 'ana');
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${accessToken}` } })).json();
    const conversations = (await get('/conversation/get-conversations?showEmpty=true')) as Conversation[];
    const other = (c: Conversation) => (c.userOne.nickName === 'ana' ? c.userTwo : c.userOne).nickName;
    expect(conversations.map((c) => [other(c), c.unreadMessages])).toEqual([
      ['carla', 2],
      ['bruno', 0],
    ]);
    expect(conversations[0]!.lastMessage).toMatchObject({
      content: { body: 'Deixei o link no grupo do projeto.', type: 'text' },
      author: { name: 'Carla Mendes' },
    });

    const history = (await get(`/message/get-messages-by-conversation?conversationId=${conversations[1]!.id}`)) as MessagesPage;
    expect(history.messages).toHaveLength(6);
    const times = history.messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - times[0]!).toBeLessThan(2 * 24 * 3600_000);

    const groups = (await get('/group/list')) as Group[];
    expect(groups.map((g) => g.name)).toEqual(['Projeto Aurora']);
    expect(groups[0]!.members.map((m) => [m.nickName, m.isAdmin])).toEqual([
      ['ana', true],
      ['bruno', false],
      ['carla', false],
    ]);
    const groupHistory = (await get(`/message/get-messages-by-group?groupId=${groups[0]!.id}`)) as MessagesPage;
    expect(groupHistory.messages.length).toBeGreaterThanOrEqual(4);
  });

  it('never seeds again on restart', async () => {
    const chatsBefore = await t.app.ctx.db.select().from(conversations);
    const before = await allUsers();
    const app = await t.restart();
    expect(app.bootstrapReport).toEqual({ created: false, credentialsFile: expect.stringContaining('initial-credentials.txt') });
    const after = await allUsers();
    expect(after.map((u) => u.id)).toEqual(before.map((u) => u.id));
    expect(await app.ctx.db.select().from(workspaces)).toHaveLength(1);
    expect(await app.ctx.db.select().from(conversations)).toEqual(chatsBefore);
    expect(await app.ctx.db.select().from(groups)).toHaveLength(1);
  });
});

describe('bootstrap without demo and without configured passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false, env: { ROOT_PASSWORD: undefined, ROOT_EMAIL: 'Chefe@Example.com' } });
  });
  afterAll(() => t?.close());

  it('creates only ROOT, with a generated password written to the credentials file', async () => {
    const rows = await t.app.ctx.db.select().from(users);
    expect(rows.map((u) => [u.nickName, u.email, u.role])).toEqual([['root', 'chefe@example.com', 'ROOT']]);
    expect(await t.app.ctx.db.select().from(workspaces)).toHaveLength(0);

    const report = t.app.bootstrapReport;
    if (!report.created) throw new Error('bootstrap deveria ter criado a conta ROOT');
    const generated = report.accounts[0]!.password;
    expect(report.accounts[0]!.generated).toBe(true);
    expect(generated).toMatch(/^[\w-]{12}$/);
    expect(readFileSync(report.credentialsFile, 'utf8')).toContain(`senha: ${generated}`);
    const session = await signIn(t.app, 'chefe@example.com', generated);
    expect(session.user.workspaces).toEqual([]);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.role, 'USER'))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(conversations)).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(groups)).toHaveLength(0);
  });
});
