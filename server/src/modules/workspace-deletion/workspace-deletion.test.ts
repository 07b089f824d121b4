import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, type Message, WORKSPACE_DELETION_ERRORS, type WorkspaceDeletion } from '@chat/contracts';
import { auditLog, groups, messages, users, workspaceDeletions, workspaceRetention, workspaces } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, createUser, createWorkspace, expectStatus } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { mediaFiles } from '../../test/media';
import { asSession, PASSWORD, type Pair, seedPair } from '../../test/person-pair';
import { furnish, traces } from '../../test/personal-data';
import { record } from '../audit/audit';
import type { MediaStore } from '../media/media-store';
import { deleteWorkspace, isInterrupted } from './delete-workspace';
import { startDeletion } from './start-deletion';
import { claimNext } from './workspace-deletions.repository';

// ROOT deletes a workspace: typed name, members shut out at once, then a background job that
// leaves no row of it in any table and none of its files, and nothing of other workspaces touched.

let t: TestApp;
let rootToken: string;
let rootId: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const root = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
  rootToken = root.accessToken;
  rootId = root.user.id;
});
afterAll(() => t?.close());

const remove = (token: string, workspaceId: string, body: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/workspace/${workspaceId}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as object,
  });

const progressOf = async (id: string) =>
  expectStatus<WorkspaceDeletion>(
    await t.app.inject({ method: 'GET', url: `/api/workspace/deletions/${id}`, headers: { authorization: `Bearer ${rootToken}` } }),
    200,
  );

const nameOf = async (workspaceId: string) =>
  (await t.app.ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0]!.name;

const filesOf = (pair: Pair) => [pair.me.imageUrl, pair.peer.imageUrl].map((url) => new URL(url).pathname.replace('/media/', ''));

/** A workspace with everything a workspace can hold: chats, files, reactions, an admin, log entries, a policy. */
async function fullWorkspace(tag: string): Promise<Pair & { needles: string[] }> {
  const pair = await seedPair(t.app, { me: `Mara ${tag}`, peer: `Nilo ${tag}` }, tag);
  await furnish(t.app, pair.me);
  const admin = await createUser(t.app, pair.me.workspaceId, { name: `Admin ${tag}`, role: 'ADMIN' });
  await t.app.ctx.db.update(workspaces).set({ adminId: admin.id }).where(eq(workspaces.id, pair.me.workspaceId));
  await t.app.ctx.db.insert(workspaceRetention).values({ workspaceId: pair.me.workspaceId, messageRetentionDays: 30 });
  await record(t.app.ctx.db, {
    action: 'member.invited',
    workspaceId: pair.me.workspaceId,
    actor: { id: admin.id, ip: '203.0.113.7' },
    details: { email: `convite-${tag}@exemplo.com` },
  });
  const needles = [
    pair.me.workspaceId,
    pair.me.id,
    pair.peer.id,
    admin.id,
    pair.me.email,
    pair.peer.nickName,
    pair.me.name,
    `convite-${tag}`,
    pair.group.id,
    pair.conversation.id,
    ...pair.me.texts,
    ...pair.peer.texts,
  ];
  return { ...pair, needles };
}

describe('DELETE /api/workspace/:id', () => {
  it('refuses a wrong typed name, callers other than ROOT, and a workspace ROOT belongs to; nothing changes', async () => {
    const { me } = await seedPair(t.app, { me: 'Rita Recusa', peer: 'Raul Recusa' }, 'recusa');
    const name = await nameOf(me.workspaceId);
    const admin = await createUser(t.app, me.workspaceId, { name: 'Ada Admin', role: 'ADMIN' });

    const wrong = await remove(rootToken, me.workspaceId, { confirmName: name.toUpperCase() });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, WORKSPACE_DELETION_ERRORS.nameMismatch]);
    const missing = await remove(rootToken, me.workspaceId, {});
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Dados inválidos: Digite o nome do workspace para confirmar']);
    expect((await remove(admin.token, me.workspaceId, { confirmName: name })).statusCode).toBe(403);
    expect((await remove(me.sessionToken, me.workspaceId, { confirmName: name })).statusCode).toBe(403);
    expect((await remove(rootToken, '00000000-0000-4000-8000-000000000000', { confirmName: name })).statusCode).toBe(404);

    const rootsOwn = await createWorkspace(t.app, 'Casa do ROOT');
    await createUser(t.app, rootsOwn, { name: 'Outro Root', role: 'ROOT' });
    const refused = await remove(rootToken, rootsOwn, { confirmName: 'Casa do ROOT' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, WORKSPACE_DELETION_ERRORS.rootWorkspace]);

    expect(await t.app.ctx.db.select().from(workspaceDeletions)).toEqual([]);
    expect((await asSession(t.app, me).get('/auth/me')).statusCode).toBe(200);
  });

  it('shuts the members out at once, then deletes every row and file of the workspace and nothing of another', async () => {
    const doomed = await fullWorkspace('fim');
    const other = await fullWorkspace('fica');
    const { me } = doomed;
    for (const file of [...filesOf(doomed), ...filesOf(other)]) expect(mediaFiles(t.env.dataDir)).toContain(file);
    expect(await traces(t.app, doomed.needles)).not.toEqual([]);
    const otherTracesBefore = await traces(t.app, other.needles);
    const name = await nameOf(me.workspaceId);

    const res = await remove(rootToken, me.workspaceId, { confirmName: ` ${name} ` });
    expect(res.statusCode).toBe(202);
    const started = res.json<WorkspaceDeletion>();
    expect(started).toMatchObject({ workspaceId: me.workspaceId });
    // From the answer on, no session of the workspace works and nobody of it can sign in.
    expect((await asSession(t.app, me).get('/auth/me')).statusCode).toBe(401);
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier: me.email, password: PASSWORD } });
    expect(signin.statusCode).toBe(401);

    await t.app.workspaceDeletionJobs.idle();
    const finished = await progressOf(started.id);
    expect(finished).toMatchObject({ status: 'done', workspaceId: null });
    expect(finished.done).toBe(finished.total);
    expect(finished.total).toBeGreaterThan(10);

    // The one trace left is ROOT's entry about the deletion itself.
    expect(await traces(t.app, doomed.needles)).toEqual([`audit_log.details ~ ${me.workspaceId}`]);
    for (const file of filesOf(doomed)) expect(mediaFiles(t.env.dataDir)).not.toContain(file);
    expect(mediaFiles(t.env.dataDir).filter((f) => f.includes('retrato'))).toHaveLength(1);
    const list = expectStatus<AuditEntry[]>(
      await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: { authorization: `Bearer ${rootToken}` } }),
      200,
    );
    expect(list.map((w) => w.id)).not.toContain(me.workspaceId);
    const log = expectStatus<{ entries: AuditEntry[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/audit-log?action=workspace.deleted',
        headers: { authorization: `Bearer ${rootToken}` },
      }),
      200,
    );
    expect(log.entries[0]).toMatchObject({
      workspace: null,
      actor: { id: rootId },
      details: { workspaceId: me.workspaceId, name, items: finished.total },
    });

    // The other workspace is as it was: its rows, files, sessions and chats.
    expect(await traces(t.app, other.needles)).toEqual(otherTracesBefore);
    for (const file of filesOf(other)) expect(mediaFiles(t.env.dataDir)).toContain(file);
    expect((await asSession(t.app, other.me).get('/auth/me')).statusCode).toBe(200);
    const history = expectStatus<{ messages: Message[] }>(
      await as(t.app, other.peer).get(`/message/get-messages-by-conversation?conversationId=${other.conversation.id}&all=true`),
      200,
    );
    expect(history.messages.map((m) => m.content.body)).toContain(other.me.texts[0]);
  });

  it('a deletion cut off half-way (its process died) is taken up again once its lease lapses, and finishes', async () => {
    const pair = await fullWorkspace('queda');
    const { db } = t.app.ctx;
    // Enough messages for several batches.
    await db
      .insert(messages)
      .values(Array.from({ length: 120 }, (_, i) => ({ authorId: pair.me.id, groupId: pair.group.id, body: `lote ${i}` })));
    const name = await nameOf(pair.me.workspaceId);
    // Started without the worker (the route would start it), and claimed as a worker would.
    const started = await startDeletion(t.app, pair.me.workspaceId, name, { id: 'ffffffff-ffff-4fff-8fff-ffffffffffff', ip: null });
    const job = (await claimNext(db))!;
    expect(job.id).toBe(started.id);

    // The process "dies" at its first file: the messages went, the rest is still there.
    const dying = new AbortController();
    const store: MediaStore = {
      ...t.app.ctx.mediaStore,
      delete: async (key) => {
        dying.abort();
        await t.app.ctx.mediaStore.delete(key);
      },
    };
    const cut = await deleteWorkspace({ db, store, dataDir: t.env.dataDir, now: () => new Date() }, job, dying.signal).catch(
      (e: unknown) => e,
    );
    expect(isInterrupted(cut)).toBe(true);
    const [halfway] = await db.select().from(workspaceDeletions).where(eq(workspaceDeletions.id, job.id));
    expect(halfway).toMatchObject({ status: 'running', workspaceId: pair.me.workspaceId });
    expect(halfway!.done).toBeGreaterThan(120);
    expect(halfway!.done).toBeLessThan(halfway!.total);
    expect(await db.select().from(messages).where(eq(messages.groupId, pair.group.id))).toEqual([]);
    expect(await db.select({ id: groups.id }).from(groups).where(eq(groups.id, pair.group.id))).toHaveLength(1);
    expect((await db.select({ id: users.id }).from(users).where(eq(users.workspaceId, pair.me.workspaceId))).length).toBe(3);

    // Nobody takes it while its lease holds; once it lapses, the next look finishes it.
    t.app.workspaceDeletionJobs.kick();
    await t.app.workspaceDeletionJobs.idle();
    expect((await progressOf(job.id)).status).toBe('running');
    await db
      .update(workspaceDeletions)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(workspaceDeletions.id, job.id));
    t.app.workspaceDeletionJobs.kick();
    await t.app.workspaceDeletionJobs.idle();
    const finished = await progressOf(job.id);
    expect(finished).toMatchObject({ status: 'done', workspaceId: null });
    expect(finished.done).toBe(finished.total);
    expect(await traces(t.app, pair.needles)).toEqual([`audit_log.details ~ ${pair.me.workspaceId}`]);
    for (const file of filesOf(pair)) expect(mediaFiles(t.env.dataDir)).not.toContain(file);
    expect(await db.select().from(auditLog).where(eq(auditLog.workspaceId, pair.me.workspaceId))).toEqual([]);
  });
});
