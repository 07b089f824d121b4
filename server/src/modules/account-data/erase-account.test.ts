import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_ERRORS, type Conversation, type Message, REMOVED_USER_NAME } from '@chat/contracts';
import { auditLog, sessions, ssoIdentities, users } from '../../db/schema';
import { record } from '../audit/audit';
import { CANNOT_ERASE_ADMIN } from '../members/remove-member';
import { as, createUser, createWorkspace, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { mediaFiles } from '../../test/media';
import { asSession, PASSWORD, type Person, seedPair } from '../../test/person-pair';
import { furnish as furnishPerson, traces as tracesIn } from '../../test/personal-data';
import { closeAll, type Listener, listen, nextEvent } from '../../test/socket-helpers';
import { signIn } from '../../test/auth-helpers';
import { and, eq } from 'drizzle-orm';

// 'Excluir minha conta': confirmed, it ends every session and leaves nothing of the person's
// own fields anywhere in the database; their messages stay as 'Usuário removido', or go for
// everyone with their files.

let t: TestApp;
let clockOffsetMs = 0;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, app: { now: () => new Date(Date.now() + clockOffsetMs) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const erase = (token: string, body: unknown): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'DELETE', url: '/api/user/me', headers: { authorization: `Bearer ${token}` }, payload: body as object });

const traces = (needles: readonly string[]) => tracesIn(t.app, needles);
const furnish = (person: Person) => furnishPerson(t.app, person);

describe('DELETE /api/user/me', () => {
  it('refuses a wrong password, ROOT, and a workspace’s last ADMIN (until another takes over)', async () => {
    const { me } = await seedPair(t.app, { me: 'Rui Recusa', peer: 'Pia Par' }, 'recusa');
    const wrong = await erase(me.sessionToken, { password: 'outra-senha-1', deleteMessages: false });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, ACCOUNT_DATA_ERRORS.wrongPassword]);

    const root = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
    const byRoot = await erase(root.accessToken, { password: TEST_ROOT_PASSWORD, deleteMessages: false });
    expect([byRoot.statusCode, byRoot.json().message]).toEqual([403, ACCOUNT_DATA_ERRORS.rootAccount]);

    await t.app.ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, me.id));
    const lastAdmin = await erase(me.sessionToken, { password: PASSWORD, deleteMessages: false });
    expect([lastAdmin.statusCode, lastAdmin.json().message]).toEqual([409, ACCOUNT_DATA_ERRORS.lastAdmin]);
    expect((await asSession(t.app, me).get('/auth/me')).statusCode).toBe(200);

    await createUser(t.app, me.workspaceId, { name: 'Nova Admin', role: 'ADMIN' });
    expect((await erase(me.sessionToken, { password: PASSWORD, deleteMessages: false })).statusCode).toBe(204);
  });

  it('erases every personal field, everywhere; the peer’s chats show "Usuário removido"; the e-mail is free again', async () => {
    const { me, peer, conversation } = await seedPair(t.app, { me: 'Heloísa Apagada', peer: 'Otto Fica' }, 'apaga');
    await furnish(me);
    // Invited by e-mail before the account existed: the entry keeps the e-mail as typed.
    await record(t.app.ctx.db, {
      action: 'member.invited',
      workspaceId: me.workspaceId,
      actor: { id: peer.id, ip: '203.0.113.9' },
      details: { email: me.email.toUpperCase() },
    });
    const socket = await listen(t.app, { ...me, token: me.sessionToken });
    const peerSocket = await listen(t.app, peer);
    listeners.push(socket, peerSocket);
    const revoked = nextEvent(socket, 'session:revoked');
    const renamed = nextEvent<{ id: string; name: string }>(peerSocket, 'user:updated');
    const disconnected = new Promise((resolve) => socket.socket.once('disconnect', resolve));
    expect(await traces([me.name, me.email, me.nickName])).not.toEqual([]);

    const res = await erase(me.sessionToken, { password: PASSWORD, deleteMessages: false });
    expect(res.statusCode).toBe(204);
    await Promise.all([revoked, disconnected]);
    expect(await renamed).toMatchObject({ id: me.id, name: REMOVED_USER_NAME });

    expect(await traces([me.name, me.email, me.nickName, 'Heloísa'])).toEqual([]);
    const [invited] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, me.workspaceId), eq(auditLog.action, 'member.invited')));
    expect(invited).toMatchObject({ action: 'member.invited', actorId: peer.id, details: { emailErased: true } });
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([]);
    expect(mediaFiles(t.env.dataDir).filter((f) => f.includes('retrato'))).toEqual([]);

    // Signed out everywhere and for good.
    expect((await asSession(t.app, me).get('/auth/me')).statusCode).toBe(401);
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier: me.email, password: PASSWORD } });
    expect(signin.statusCode).toBe(401);

    // The peer still has the conversation, its messages signed 'Usuário removido'.
    const history = expectStatus<{ messages: Message[] }>(
      await as(t.app, peer).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    );
    const hers = history.messages.filter((m) => m.authorId === me.id);
    expect(hers.map((m) => m.content.body)).toContain(me.texts[0]);
    expect(hers.every((m) => m.author.name === REMOVED_USER_NAME)).toBe(true);
    const chat = expectStatus<Conversation>(await as(t.app, peer).get(`/conversation/get-by-id/${conversation.id}`), 200);
    expect([chat.userOne.name, chat.userTwo.name]).toContain(REMOVED_USER_NAME);

    // The same e-mail and nickName make a new account.
    const again = await createUser(t.app, me.workspaceId, { name: 'Heloísa Volta', email: me.email });
    expect(again.email).toBe(me.email);
  });

  it('with deleteMessages, the messages and their files go for everyone, announced to the chat', async () => {
    const { me, peer, conversation, group } = await seedPair(t.app, { me: 'Caio Tudo', peer: 'Lia Vê' }, 'tudo');
    const peerSocket = await listen(t.app, peer);
    listeners.push(peerSocket);
    const myFile = new URL(me.imageUrl).pathname.replace('/media/', '');
    expect(mediaFiles(t.env.dataDir)).toContain(myFile);

    const deletion = nextEvent<Message>(peerSocket, 'message:deleted');
    expect((await erase(me.sessionToken, { password: PASSWORD, deleteMessages: true })).statusCode).toBe(204);
    const deleted = await deletion;
    expect(deleted.authorId).toBe(me.id);

    for (const [kind, id] of [
      ['conversation', conversation.id],
      ['group', group.id],
    ] as const) {
      const { messages } = expectStatus<{ messages: Message[] }>(
        await as(t.app, peer).get(`/message/get-messages-by-${kind}?${kind}Id=${id}&all=true`),
        200,
      );
      const hers = messages.filter((m) => m.authorId === me.id && m.content.type !== 'system');
      expect(hers.length).toBeGreaterThan(0);
      expect(hers.every((m) => m.content.body === '')).toBe(true);
      expect(messages.some((m) => m.content.body === peer.texts[kind === 'group' ? 1 : 0])).toBe(true);
    }
    expect(mediaFiles(t.env.dataDir)).not.toContain(myFile);
    expect(mediaFiles(t.env.dataDir)).toContain(new URL(peer.imageUrl).pathname.replace('/media/', ''));
    expect(await traces([me.name, me.email, me.nickName])).toEqual([]);
  });

  it('an account linked to the company’s provider confirms with its e-mail from a fresh sign-in', async () => {
    const workspaceId = await createWorkspace(t.app);
    const sso: TestUser = await createUser(t.app, workspaceId, { name: 'Sara Empresa' });
    await t.app.ctx.db.insert(ssoIdentities).values({ issuer: 'https://idp.exemplo.com', subject: `sub-${sso.nickName}`, userId: sso.id });
    const { familyId } = await t.app.ctx.refreshTokens.issue(sso.id, false, new Date());
    const token = await t.app.ctx.accessTokens.sign({ id: sso.id, role: 'USER', workspaceId, sessionId: familyId });

    const noPassword = await erase(token, { deleteMessages: false });
    expect([noPassword.statusCode, noPassword.json().message]).toEqual([400, ACCOUNT_DATA_ERRORS.wrongEmail]);
    clockOffsetMs = 11 * 60 * 1000;
    try {
      const stale = await erase(token, { email: sso.email.toUpperCase(), deleteMessages: false });
      expect([stale.statusCode, stale.json().message]).toEqual([403, ACCOUNT_DATA_ERRORS.recentSignInNeeded]);
    } finally {
      clockOffsetMs = 0;
    }
    expect((await erase(token, { email: sso.email.toUpperCase(), deleteMessages: false })).statusCode).toBe(204);
    expect(await t.app.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, sso.id))).toEqual([]);
  });

  it('an account without a password or a provider link must give its password', async () => {
    const workspaceId = await createWorkspace(t.app);
    const plain = await createUser(t.app, workspaceId, { name: 'Tito Simples' });
    const res = await erase(plain.token, { email: plain.email, deleteMessages: false });
    expect([res.statusCode, res.json().message]).toEqual([400, ACCOUNT_DATA_ERRORS.confirmationMissing]);
  });
});

describe('DELETE /api/user/{targetUserId} with eraseData: an ADMIN removes a member and their data', () => {
  it('erases the member as their own deletion would, messages and files included; refuses other admins and other workspaces', async () => {
    const { me, peer, conversation } = await seedPair(t.app, { me: 'Vera Saída', peer: 'Ivo Colega' }, 'saida');
    await furnish(me);
    const admin = await createUser(t.app, me.workspaceId, { name: 'Ana Gestora', role: 'ADMIN' });
    const otherAdmin = await createUser(t.app, me.workspaceId, { name: 'Beto Gestor', role: 'ADMIN' });
    const outsider = await createUser(t.app, await createWorkspace(t.app), { name: 'Caio Fora', role: 'ADMIN' });
    const myFile = new URL(me.imageUrl).pathname.replace('/media/', '');
    const body = { eraseData: true, deleteMessages: true };

    const onAdmin = await as(t.app, admin).delete(`/user/${otherAdmin.id}`, body);
    expect([onAdmin.statusCode, onAdmin.json().message]).toEqual([403, CANNOT_ERASE_ADMIN]);
    expect((await as(t.app, outsider).delete(`/user/${me.id}`, body)).statusCode).toBe(404);
    expect((await as(t.app, peer).delete(`/user/${me.id}`, body)).statusCode).toBe(403);
    const badBody = await as(t.app, admin).delete(`/user/${me.id}`, { eraseData: 'sim' });
    expect(badBody.statusCode).toBe(400);
    expect((await asSession(t.app, me).get('/auth/me')).statusCode).toBe(200);

    expect(expectStatus(await as(t.app, admin).delete(`/user/${me.id}`, body), 200)).toEqual({ message: 'Membro removido com sucesso' });
    expect(await traces([me.name, me.email, me.nickName])).toEqual([]);
    expect(mediaFiles(t.env.dataDir)).not.toContain(myFile);
    expect((await asSession(t.app, me).get('/auth/me')).statusCode).toBe(401);
    const history = expectStatus<{ messages: Message[] }>(
      await as(t.app, peer).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    );
    expect(history.messages.filter((m) => m.authorId === me.id).every((m) => m.content.body === '')).toBe(true);
    expect(history.messages.map((m) => m.content.body)).toContain(peer.texts[0]);
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.removed'), eq(auditLog.targetUserId, me.id)));
    expect(entry).toMatchObject({ actorId: admin.id, details: { dataErased: true, deleteMessages: true } });
  });
});
