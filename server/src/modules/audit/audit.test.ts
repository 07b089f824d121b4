import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@chat/contracts';
import { auditLog } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { createAdminTeam } from '../../test/team';
import { createWorkspaceWithAdmin } from '../../test/workspaces';
import { purgeExpiredEntries } from './audit-settings';

// Each administrative act leaves one entry with who, what, when and from where; an ADMIN reads
// their workspace's, ROOT every workspace's; the CSV carries the same; the period ROOT sets purges.

let t: TestApp;
let root: TestUser;
let admin: TestUser;
let member: TestUser;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const signed = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
  root = { ...(signed.user as unknown as TestUser), token: signed.accessToken, workspaceId: '' };
  const team = await createAdminTeam(t.app, ['Bruna Auditada']);
  admin = team.admin;
  member = team.members[0];
  workspaceId = team.workspaceId;
}, 60_000);
afterAll(() => t?.close());

const page = async (user: TestUser, query = '') => expectStatus<AuditPage>(await as(t.app, user).get(`/audit-log${query}`), 200);
const latest = async (action: string) => (await page(root, `?action=${action}&limit=1`)).entries[0];

describe('what is recorded', () => {
  it('invite, create, edit and remove a member: each an entry of the workspace, with the admin and the address', async () => {
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'nova.pessoa@audit.chat' }), 201);
    const invited = await latest('member.invited');
    expect(invited).toMatchObject({
      workspace: { id: workspaceId },
      actor: { id: admin.id },
      details: { email: 'nova.pessoa@audit.chat' },
    });
    expect(invited!.ip).toBe('127.0.0.1');

    const created = expectStatus<{ id: string }>(
      await as(t.app, admin).post('/user/create-member-without-invite', {
        name: 'Carlos Criado',
        email: 'carlos.criado@audit.chat',
        nickName: 'carloscriado',
        password: 'senha-forte-123',
      }),
      201,
    );
    expect(await latest('member.created')).toMatchObject({ actor: { id: admin.id }, target: { id: created.id, name: 'Carlos Criado' } });

    expectStatus(await as(t.app, admin).patch(`/user/update/${created.id}`, { name: 'Carlos Editado', password: 'outra-senha-456' }), 200);
    const edited = await latest('member.edited');
    expect(edited).toMatchObject({ target: { id: created.id, name: 'Carlos Editado' }, details: { fields: ['name', 'password'] } });
    // The names of the fields, never the new password.
    expect(JSON.stringify(edited)).not.toContain('outra-senha-456');

    expectStatus(await as(t.app, admin).delete(`/user/${created.id}`), 200);
    expect(await latest('member.removed')).toMatchObject({ actor: { id: admin.id }, target: { id: created.id } });
  });

  it('ROOT changes features, limits and the administrator: entries of that workspace, readable by its ADMIN', async () => {
    expectStatus(
      await as(t.app, root).put(`/workspace/${workspaceId}`, { name: 'Equipe Auditada', limitOfMembers: 50, features: ['create_members'] }),
      200,
    );
    const updated = await latest('workspace.updated');
    expect(updated).toMatchObject({ workspace: { id: workspaceId }, actor: { id: root.id } });
    expect(updated!.details.changes).toMatchObject({ name: { to: 'Equipe Auditada' }, limitOfMembers: { from: 0, to: 50 } });

    expectStatus(await as(t.app, root).patch(`/workspace/change-admin/${workspaceId}`, { newAdminEmail: member.email }), 200);
    expect(await latest('workspace.admin_changed')).toMatchObject({ target: { id: member.id }, details: { previousAdminIds: [admin.id] } });
    // Back, so the admin stays the admin for the other tests.
    expectStatus(await as(t.app, root).patch(`/workspace/change-admin/${workspaceId}`, { newAdminEmail: admin.email }), 200);

    const seen = (await page(admin)).entries.map((e) => e.action);
    expect(seen).toEqual(expect.arrayContaining(['workspace.updated', 'workspace.admin_changed']));
  });

  it('SSO configuration: recorded without its secret', async () => {
    const res = await as(t.app, root).put(`/workspace/${workspaceId}/sso`, {
      enabled: false,
      slug: 'auditada',
      issuer: 'https://idp.exemplo.com',
      clientId: 'papo',
      clientSecret: 'segredo-que-nao-aparece',
      allowedDomains: ['audit.chat'],
      createMembers: false,
      allowPassword: true,
    });
    expectStatus(res, 200);
    const entry = await latest('workspace.sso_changed');
    expect(entry).toMatchObject({ details: { slug: 'auditada', secretChanged: true, allowedDomains: ['audit.chat'] } });
    expect(JSON.stringify(entry)).not.toContain('segredo-que-nao-aparece');
  });

  it('API keys: creating one records it, and the key it replaces as revoked', async () => {
    expectStatus(await as(t.app, member).post('/api-key/create', { name: 'Integração', permissions: 'READ_ONLY' }), 200);
    expectStatus(await as(t.app, member).post('/api-key/create', { name: 'Outra', permissions: 'FULL_ACCESS' }), 200);
    expect(await latest('api_key.created')).toMatchObject({
      actor: { id: member.id },
      details: { permissions: 'FULL_ACCESS', preview: expect.any(String) },
    });
    expect(await latest('api_key.revoked')).toMatchObject({
      actor: { id: member.id },
      details: { preview: expect.any(String), reason: 'replaced' },
    });
  });

  it('a sign-in from a new device is recorded once; the same device again is not', async () => {
    const other = await createWorkspaceWithAdmin(t.app, { name: 'Outra Auditoria', adminNickName: 'adminoutra' });
    const before = (await page(root, `?action=session.new_device&actorId=${other.adminId}`)).entries.length;
    const signInWith = (userAgent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'user-agent': userAgent },
        payload: { identifier: other.adminEmail, password: TEST_DEMO_PASSWORD },
      });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
    expectStatus(await signInWith(firefox), 200);
    expectStatus(await signInWith(firefox), 200);
    const entries = (await page(root, `?action=session.new_device&actorId=${other.adminId}`)).entries;
    expect(entries.length - before).toBe(1);
    expect(entries[0]).toMatchObject({
      workspace: { id: other.workspaceId },
      details: { device: 'Linux · Computador', browser: 'Firefox 120' },
    });
  });

  it('retention policy and the log’s own period: recorded with the old and new value', async () => {
    expectStatus(await as(t.app, admin).put('/retention-policy', { messageRetentionDays: 30 }), 200);
    expect(expectStatus(await as(t.app, admin).get('/retention-policy'), 200)).toEqual({ messageRetentionDays: 30 });
    expect(await latest('workspace.retention_changed')).toMatchObject({ details: { from: 0, to: 30 } });
    expectStatus(await as(t.app, root).put('/audit-log/settings', { retentionDays: 365 }), 200);
    expect(await latest('audit.retention_changed')).toMatchObject({ workspace: null, details: { from: 730, to: 365 } });
  });
});

describe('who reads what', () => {
  it('an ADMIN reads only their workspace; another workspace or its people in the filter are a 404; a USER is refused', async () => {
    const other = await createAdminTeam(t.app, ['Pessoa de Fora']);
    expectStatus(await as(t.app, other.admin).post('/user/invite', { email: 'fora@audit.chat' }), 201);
    const mine = await page(admin, '?limit=200');
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.workspace?.id === workspaceId)).toBe(true);
    expect((await as(t.app, admin).get(`/audit-log?workspaceId=${other.workspaceId}`)).statusCode).toBe(404);
    expect((await as(t.app, admin).get(`/audit-log?actorId=${other.admin.id}`)).statusCode).toBe(404);
    expect((await as(t.app, admin).get(`/audit-log?actorId=${root.id}`)).statusCode).toBe(200);
    expect((await as(t.app, member).get('/audit-log')).statusCode).toBe(403);
    expect((await as(t.app, admin).get('/audit-log/settings')).statusCode).toBe(403);
    const everything = await page(root, `?workspaceId=${other.workspaceId}`);
    expect(everything.entries.map((e) => e.details.email)).toContain('fora@audit.chat');
  });

  it('pages newest first without gaps or repeats; filters by act, person and day', async () => {
    const all: AuditEntry[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: AuditPage = await page(root, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...next.entries);
      cursor = next.nextCursor;
    }
    const whole = await page(root, '?limit=200');
    expect(all.map((e) => e.id)).toEqual(whole.entries.map((e) => e.id));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    const byAdmin = await page(root, `?actorId=${admin.id}&limit=200`);
    expect(byAdmin.entries.every((e) => e.actor?.id === admin.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(root, `?from=${today}&to=${today}&limit=200`)).entries.length).toBe(whole.entries.length);
    expect((await page(root, '?to=2000-01-01')).entries).toEqual([]);
    expect((await as(t.app, root).get('/audit-log?from=ontem')).statusCode).toBe(400);
  });

  it('CSV export: every filtered entry, one line each, cells that a spreadsheet would run defused', async () => {
    expectStatus(await as(t.app, admin).post('/user/invite', { email: 'csv@audit.chat' }), 201);
    await t.app.ctx.db.insert(auditLog).values({ action: 'member.invited', workspaceId, actorId: admin.id, details: {}, ip: '=cmd|calc' });
    const res = await as(t.app, admin).get('/audit-log/export?action=member.invited');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('registro-de-atividades.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Data,Atividade,Workspace,Quem,Alvo,Detalhes,Endereço');
    const invites = (await page(admin, '?action=member.invited&limit=200')).entries;
    expect(lines.length - 1).toBe(invites.length);
    expect(res.body).toContain('csv@audit.chat');
    expect(res.body).toContain("'=cmd|calc");
  });
});

describe('the period ROOT sets', () => {
  it('entries older than the period go, newer ones stay; 0 keeps everything', async () => {
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    const [row] = await t.app.ctx.db
      .insert(auditLog)
      .values({ action: 'member.invited', workspaceId, actorId: admin.id, details: { email: 'antiga@audit.chat' }, createdAt: old })
      .returning({ id: auditLog.id });
    expectStatus(await as(t.app, root).put('/audit-log/settings', { retentionDays: 0 }), 200);
    expect(await purgeExpiredEntries(t.app.ctx.db, new Date())).toBe(0);
    expectStatus(await as(t.app, root).put('/audit-log/settings', { retentionDays: 365 }), 200);
    const total = (await t.app.ctx.db.select({ id: auditLog.id }).from(auditLog)).length;
    expect(await purgeExpiredEntries(t.app.ctx.db, new Date())).toBe(1);
    expect(await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id))).toEqual([]);
    expect((await t.app.ctx.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(total - 1);
  });
});
