import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, Message, MessagesPage, User, Workspace } from '@chat/contracts';
import { invites, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listen, nextEvent } from '../../test/socket-helpers';
import { createAdminTeam, disconnected } from '../../test/team';

// DELETE /api/user/{targetUserId}: removing a member. The two-process case is in
// remove-member-processes.test.ts.

let t: TestApp;
const listeners: Listener[] = [];
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

/** A member created through the API, so that it has a password to sign in with. */
async function memberWithPassword(admin: TestUser, nickName: string) {
  const password = 'senha-do-membro';
  const body = { name: `Membro ${nickName}`, email: `${nickName}@exemplo.com`, nickName, password };
  const user = expectStatus<User>(await as(t.app, admin).post('/user/create-member-without-invite', body), 201);
  const session = await signIn(t.app, nickName, password);
  return {
    user,
    password,
    refreshToken: session.refreshToken,
    asTest: { ...user, workspaceId: admin.workspaceId, token: session.accessToken },
  };
}

describe('DELETE /api/user/{targetUserId}', () => {
  it('deactivates at once: sign-in, refresh, API calls and the socket are refused; the tab is told first', async () => {
    const { admin } = await createAdminTeam(t.app, []);
    const member = await memberWithPassword(admin, 'saindo1');
    const socket = await listen(t.app, member.asTest);
    listeners.push(socket);
    const told = nextEvent(socket, 'account:deactivated');
    const gone = disconnected(socket.socket);

    expect(expectStatus(await as(t.app, admin).delete(`/user/${member.user.id}`), 200)).toEqual({ message: 'Membro removido com sucesso' });
    expect(await told).toEqual({ userId: member.user.id });
    expect(await gone).toBe('io server disconnect');

    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { identifier: 'saindo1', password: member.password },
    });
    expect(signin.statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: member.refreshToken } });
    expect(refresh.statusCode).toBe(401);
    expect((await as(t.app, member.asTest).get('/group/list')).statusCode).toBe(401);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.active).toBe(false);
  });

  it('cancels pending invites of the e-mail and frees the seat', async () => {
    const {
      admin,
      members: [bia],
      workspaceId,
    } = await createAdminTeam(t.app, ['Bia Lima'], { limitOfMembers: 3 });
    // A stray invite to bia's e-mail (sent before her account existed) goes with her.
    await t.app.ctx.db
      .insert(invites)
      .values({ workspaceId, email: bia.email, code: 'ZZZ-999', expiresAt: new Date(Date.now() + 86_400_000) });
    expectStatus(await as(t.app, admin).delete(`/user/${bia.id}`), 200);
    expect(await t.app.ctx.db.$count(invites, eq(invites.email, bia.email))).toBe(0);
    const workspace = expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200);
    expect(workspace.membersCount).toBe(1);
  });

  it('hides the member from lists, searches and group members; messages keep the author name', async () => {
    const {
      admin,
      members: [bia, caio],
    } = await createAdminTeam(t.app, ['Bia Lima', 'Caio Reis']);
    const conversation = expectStatus<Conversation>(await as(t.app, bia).post('/conversation/create', { userTwoId: caio.id }), 200);
    const sent = expectStatus<Message>(await as(t.app, caio).post('/message/send', textMessage(conversation.id, 'até logo')), 200);
    const group = expectStatus<Group>(
      await as(t.app, admin).post('/group/create', { name: 'Time', description: '', members: [bia.id, caio.id] }),
      200,
    );

    expectStatus(await as(t.app, admin).delete(`/user/${caio.id}`), 200);

    const workspace = expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200);
    expect(workspace.members.map((m) => m.id)).not.toContain(caio.id);
    const found = expectStatus<User[]>(await as(t.app, bia).get('/user/search-in-same-workspace?content=Caio'), 200);
    expect(found).toEqual([]);
    const picker = expectStatus<User[]>(await as(t.app, bia).get('/user/search-in-same-workspace'), 200);
    expect(picker.map((u) => u.id)).toEqual([admin.id]);
    const members = expectStatus<Group>(await as(t.app, bia).get(`/group/get-by-id/${group.id}`), 200).members;
    expect(members.map((m) => m.id).sort()).toEqual([admin.id, bia.id].sort());
    expect((await as(t.app, bia).post('/conversation/create', { userTwoId: caio.id })).statusCode).toBe(404);

    const history = expectStatus<MessagesPage>(
      await as(t.app, bia).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    );
    expect(history.messages.find((m) => m.id === sent.id)!.author.name).toBe('Caio Reis');
  });

  it('refuses the admin herself (403), other workspaces, removed members and unknown ids (404), bad ids (400)', async () => {
    const {
      admin,
      members: [gone],
    } = await createAdminTeam(t.app, ['Já Saiu']);
    const {
      members: [stranger],
    } = await createAdminTeam(t.app, ['De Fora']);
    expect((await as(t.app, admin).delete(`/user/${admin.id}`)).json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Você não pode remover a si mesmo',
    });
    expectStatus(await as(t.app, admin).delete(`/user/${gone.id}`), 200);
    for (const id of [stranger.id, gone.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await as(t.app, admin).delete(`/user/${id}`)).json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Membro não encontrado',
      });
    }
    expect((await as(t.app, admin).delete('/user/123')).statusCode).toBe(400);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, stranger.id));
    expect(row!.active).toBe(true);
  });

  it('is for ADMINs: 403 for a USER and ROOT', async () => {
    const {
      members: [bia, caio],
    } = await createAdminTeam(t.app, ['Bia Lima', 'Caio Reis']);
    const session = await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
    const root = { ...session.user, workspaceId: '', token: session.accessToken };
    for (const who of [bia, root]) {
      expect((await as(t.app, who).delete(`/user/${caio.id}`)).json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Acesso negado',
      });
    }
  });
});
