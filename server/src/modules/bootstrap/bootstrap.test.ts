import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workspaces } from '../../db/schema';
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

  it('never seeds again on restart', async () => {
    const before = await allUsers();
    const app = await t.restart();
    expect(app.bootstrapReport).toEqual({ created: false, credentialsFile: expect.stringContaining('initial-credentials.txt') });
    const after = await allUsers();
    expect(after.map((u) => u.id)).toEqual(before.map((u) => u.id));
    expect(await app.ctx.db.select().from(workspaces)).toHaveLength(1);
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
  });
});
