import { existsSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DataExportState, WORKSPACE_EXPORT_ERRORS } from '@chat/contracts';
import { auditLog, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, createUser, expectStatus } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { readOutbox } from '../../test/outbox';
import { asSession, type Pair, PASSWORD, type Person, seedPair } from '../../test/person-pair';
import { closeAll, type Listener, listen, nextEvent } from '../../test/socket-helpers';
import { readZip } from '../../test/zip-reader';
import { hashPassword } from '../auth/passwords';
import { exportFilePath } from '../exports/export-jobs';

// The ADMIN's export of their workspace: a background zip of exactly that workspace's members,
// groups, messages and files, announced by socket and e-mail, downloadable by the workspace's
// ADMINs for 24 hours.

let t: TestApp;
let clockOffsetMs = 0;
let mine: Pair;
let other: Pair;
let admin: Person;
let otherAdmin: Person;
const listeners: Listener[] = [];

/** Makes the person an ADMIN and signs them in again, so their session carries the role. */
async function promote(person: Person): Promise<Person> {
  await t.app.ctx.db
    .update(users)
    .set({ role: 'ADMIN', passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, person.id));
  return { ...person, role: 'ADMIN', sessionToken: (await signIn(t.app, person.email, PASSWORD)).accessToken };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, app: { now: () => new Date(Date.now() + clockOffsetMs) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  mine = await seedPair(t.app, { me: 'Aline Admin', peer: 'Paulo Membro' }, 'wsa');
  other = await seedPair(t.app, { me: 'Olga Outra', peer: 'Otto Outro' }, 'wsb');
  admin = await promote(mine.me);
  otherAdmin = await promote(other.me);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const get = (who: Person, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${who.sessionToken}` } });
const status = async (who = admin) => expectStatus<DataExportState>(await get(who, '/workspace-export/status'), 200).export;

describe('POST /api/workspace-export', () => {
  it('builds the zip in the background, one at a time per workspace, and announces it by socket and e-mail', async () => {
    const socket = await listen(t.app, { ...admin, token: admin.sessionToken });
    listeners.push(socket);
    const ready = nextEvent<{ expiresAt: string }>(socket, 'workspace-export:ready');
    const [first, second] = await Promise.all([
      asSession(t.app, admin).post('/workspace-export', {}),
      asSession(t.app, admin).post('/workspace-export', {}),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([202, 409]);
    expect((first.statusCode === 409 ? first : second).json().message).toBe(WORKSPACE_EXPORT_ERRORS.running);
    // The ADMIN's own data is another export: it may run beside the workspace's.
    expectStatus(await asSession(t.app, admin).post('/user/me/export', {}), 202);
    // Another workspace's export is not held up by this one.
    expectStatus(await asSession(t.app, otherAdmin).post('/workspace-export', {}), 202);

    const { expiresAt } = await ready;
    await t.app.dataExportJobs.idle();
    const state = await status();
    expect(state).toMatchObject({ status: 'ready', expiresAt });
    expect(new Date(expiresAt).getTime() - new Date(state!.readyAt!).getTime()).toBe(24 * 60 * 60 * 1000);

    const mail = readOutbox(t.env.dataDir).find((m) => m.to === admin.email && m.subject.includes('workspace'));
    expect(mail?.text).toContain(`${new URL(t.env.appUrl).origin}/auth/team`);
    const entries = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'workspace.exported'), eq(auditLog.workspaceId, admin.workspaceId!)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id });
  });

  it('holds exactly the workspace’s members, groups, messages with reactions, and files; nothing of another workspace', async () => {
    const res = await get(admin, '/workspace-export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="papo-workspace-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await readZip(res.rawPayload);

    const members = JSON.parse(zip.get('membros.json')!.toString()) as Array<{ id: string; email: string; role: string; status: string }>;
    expect(members.map((m) => m.id).sort()).toEqual([mine.me.id, mine.peer.id].sort());
    expect(members.find((m) => m.id === admin.id)).toMatchObject({ email: admin.email, role: 'ADMIN', status: 'ativo' });
    expect(JSON.stringify(members)).not.toMatch(/hash/i);

    const groups = JSON.parse(zip.get('grupos.json')!.toString()) as Array<{ id: string; members: unknown[]; admins: unknown[] }>;
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: mine.group.id, admins: [{ id: admin.id, name: admin.name }] });
    expect(groups[0]!.members).toHaveLength(2);

    const messages = JSON.parse(zip.get('mensagens.json')!.toString()) as Array<{
      text: string | null;
      type: string;
      sender: { id: string };
      chat: { kind: string; id: string };
      file: { inZip: string | null } | null;
      reactions: Array<{ emoji: string; by: { id: string } }>;
    }>;
    const texts = messages.filter((m) => m.type === 'text').map((m) => m.text);
    for (const text of [...mine.me.texts, ...mine.peer.texts]) expect(texts).toContain(text);
    const peerFirst = messages.find((m) => m.text === mine.peer.texts[0])!;
    expect(peerFirst).toMatchObject({ sender: { id: mine.peer.id }, chat: { kind: 'conversa', id: mine.conversation.id } });
    expect(peerFirst.reactions).toEqual([expect.objectContaining({ emoji: '🎉', by: { id: admin.id, name: admin.name } })]);
    expect(messages.find((m) => m.text === mine.me.texts[1])!.chat).toMatchObject({ kind: 'grupo', id: mine.group.id });

    const keyOf = (url: string) => new URL(url).pathname.replace('/media/', '');
    const files = [...zip.keys()].filter((name) => name.startsWith('arquivos/')).sort();
    expect(files).toEqual([`arquivos/${keyOf(mine.me.imageUrl)}`, `arquivos/${keyOf(mine.peer.imageUrl)}`].sort());
    expect(
      messages
        .filter((m) => m.type === 'image')
        .map((m) => m.file?.inZip)
        .sort(),
    ).toEqual(files);
    expect(zip.get(files[0]!)!.length).toBeGreaterThan(0);

    const html = zip.get('index.html')!.toString();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(mine.peer.texts[0]);
    expect(html).toContain(`href="${files[0]}"`);

    const everything = [...zip.entries()]
      .map(([name, bytes]) => `${name}\n${bytes.toString('latin1')}\n${bytes.toString('utf8')}`)
      .join('\n');
    for (const person of [other.me, other.peer]) {
      for (const secret of [...person.texts, person.email, person.nickName, person.name, person.id, keyOf(person.imageUrl)])
        expect(everything).not.toContain(secret);
    }
    for (const secret of [other.group.id, other.group.name, other.conversation.id]) expect(everything).not.toContain(secret);
  });

  it('is the workspace ADMINs’ alone: members get 403, another workspace’s ADMIN sees only theirs, an API key is refused', async () => {
    const member = mine.peer;
    expect((await asSession(t.app, member).post('/workspace-export', {})).statusCode).toBe(403);
    expect((await get(member, '/workspace-export/status')).statusCode).toBe(403);
    expect((await get(member, '/workspace-export')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/workspace-export' })).statusCode).toBe(401);

    // The other workspace's ADMIN downloads their own workspace's zip, never this one.
    const theirs = await readZip((await get(otherAdmin, '/workspace-export')).rawPayload);
    const ids = (JSON.parse(theirs.get('membros.json')!.toString()) as Array<{ id: string }>).map((m) => m.id).sort();
    expect(ids).toEqual([other.me.id, other.peer.id].sort());

    // Any ADMIN of the workspace may download it, not only the one who asked.
    const second = await createUser(t.app, admin.workspaceId!, { name: 'Beatriz Admin', role: 'ADMIN' });
    const secondPerson = await promote({ ...second, sessionToken: '', imageUrl: '', texts: [] });
    expect((await get(secondPerson, '/workspace-export')).statusCode).toBe(200);

    const key = expectStatus<{ key: string }>(
      await as(t.app, { ...admin, token: admin.sessionToken }).post('/api-key/create', { name: 'Integração', permissions: 'FULL_ACCESS' }),
      200,
    );
    const byKey = await t.app.inject({ method: 'GET', url: '/api/workspace-export', headers: { 'x-api-key': key.key } });
    expect(byKey.statusCode).toBe(403);
  });

  it('expires after 24 hours: the link answers 404, the file is removed and the state says expired', async () => {
    const before = await status();
    const file = exportFilePath(t.env.dataDir, before!.id);
    expect(existsSync(file)).toBe(true);
    clockOffsetMs = 24 * 60 * 60 * 1000 + 60_000;
    try {
      const res = await get(admin, '/workspace-export');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(WORKSPACE_EXPORT_ERRORS.notReady);
      t.app.dataExportJobs.kick();
      await t.app.dataExportJobs.idle();
      expect(existsSync(file)).toBe(false);
      expect(await status()).toMatchObject({ id: before!.id, status: 'expired' });
    } finally {
      clockOffsetMs = 0;
    }
  });
});
