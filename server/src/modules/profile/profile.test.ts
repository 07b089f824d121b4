import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TEXTS, type TokenPair, type User, type WorkspaceFeature } from '@chat/contracts';
import { users, workspaces } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { as, createTeam, createUser, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_DEMO_PASSWORD, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target, uploadUrlFor } from '../../test/media';
import { closeAll, type Listener, listen, listenAll, nextEvent, settle } from '../../test/socket-helpers';
import { SESSION_INVALID } from '../auth/require-auth';
import { NICKNAME_TAKEN } from '../users/create-member';
import { PERSONAL_INFO_LOCKED } from './profile.routes';
import { AVATAR_NOT_FROM_MEDIA_STORE, WRONG_CURRENT_PASSWORD } from './profile.service';

// The caller's own account: profile with avatar, password change and what it revokes.

let t: TestApp;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

/** Uploads a real PNG through the browser's signed-URL flow; returns its public URL. */
async function uploadImage(token: string): Promise<string> {
  const signed = await t.app.inject({
    method: 'POST',
    url: '/api/cloud/generate-public-media-url',
    headers: { authorization: `Bearer ${token}` },
    payload: { fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' },
  });
  const url = new URL(expectStatus<{ url: string }>(signed, 200).url);
  const put = await t.app.inject({
    method: 'PUT',
    url: target(url),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  expect(put.statusCode).toBe(200);
  return `${url.origin}${url.pathname}`;
}

const setFeatures = (workspaceId: string, features: WorkspaceFeature[]) =>
  t.app.ctx.db.update(workspaces).set({ features }).where(eq(workspaces.id, workspaceId));

describe('PATCH /api/user/update', () => {
  it('changes name, nickName and avatar; the whole workspace hears user:updated, other workspaces do not', async () => {
    const [me, colleague] = await createTeam(t.app, ['Maria Perfil', 'Caio Colega']);
    const [outsider] = await createTeam(t.app, ['Otávio Fora']);
    const [lm, lc, lo] = await listenAll(t.app, [me, colleague, outsider], listeners);
    const avatarUrl = await uploadImage(me.token);
    const updated = expectStatus<User>(
      await as(t.app, me).patch('/user/update', { name: '  Maria Lima ', nickName: `marial${me.id.slice(0, 4)}`, avatarUrl }),
      200,
    );
    expect(updated).toMatchObject({ id: me.id, name: 'Maria Lima', avatarUrl, email: me.email, role: 'USER' });
    expect(updated.workspaces[0]?.id).toBe(me.workspaceId);
    await settle(t.app, listeners);
    expect(lm.of('user:updated')).toEqual([updated]);
    expect(lc.of('user:updated')).toEqual([updated]);
    expect(lo.of('user:updated')).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ name: 'Maria Lima', avatarUrl });
  });

  it('refuses an avatar that is not an uploaded image of this server’s avatars folder (400, nothing changes)', async () => {
    const [me] = await createTeam(t.app, ['Ana Avatar']);
    const notUploaded = (await uploadUrlFor(t.app, me.token, 'image/png')).toString().split('?')[0]!;
    for (const avatarUrl of [
      'https://evil.example/a.png',
      notUploaded,
      `${notUploaded}?x=1`,
      `${notUploaded}/../x.png`,
      'javascript:alert(1)',
    ]) {
      const res = await as(t.app, me).patch('/user/update', { avatarUrl });
      expect(res.statusCode, avatarUrl).toBe(400);
      expect(res.json().message).toBe(AVATAR_NOT_FROM_MEDIA_STORE);
    }
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row!.avatarUrl).toBeNull();
    // null removes the photo.
    const avatarUrl = await uploadImage(me.token);
    expectStatus(await as(t.app, me).patch('/user/update', { avatarUrl }), 200);
    expect(expectStatus<User>(await as(t.app, me).patch('/user/update', { avatarUrl: null }), 200).avatarUrl).toBeNull();
  });

  it('409 for a nickName someone else has (any case), 400 for invalid fields; nothing changes', async () => {
    const [me, other] = await createTeam(t.app, ['Nara Nick', 'Otto Nick']);
    const taken = await as(t.app, me).patch('/user/update', { nickName: other.nickName.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(NICKNAME_TAKEN);
    const bad = await as(t.app, me).patch('/user/update', { name: 'A', nickName: 'com espaço' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string[] }) => i.path[0])
        .sort(),
    ).toEqual(['name', 'nickName']);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ name: 'Nara Nick', nickName: me.nickName });
  });

  it('403 under disable_edit_personal_info, for members; the workspace admin is not affected', async () => {
    const [member] = await createTeam(t.app, ['Lia Travada']);
    const admin = await createUser(t.app, member.workspaceId, { name: 'Adão Admin', role: 'ADMIN' });
    await setFeatures(member.workspaceId, ['disable_edit_personal_info']);
    const res = await as(t.app, member).patch('/user/update', { name: 'Outro Nome' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PERSONAL_INFO_LOCKED);
    const pw = await as(t.app, member).patch('/user/update-password', { oldPassword: 'x', newPassword: 'nova-senha-123' });
    expect(pw.statusCode).toBe(403);
    expect(expectStatus<User>(await as(t.app, admin).patch('/user/update', { name: 'Adão Novo' }), 200).name).toBe('Adão Novo');
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.name).toBe('Lia Travada');
  });
});

describe('PATCH /api/user/update-password', () => {
  const asToken = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a wrong current password is a 400 in Portuguese (never 401), and changes nothing', async () => {
    const session = await signIn(t.app, 'diego');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: asToken(session.accessToken),
      payload: { oldPassword: 'senha-errada', newPassword: 'nova-senha-123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WRONG_CURRENT_PASSWORD);
    await signIn(t.app, 'diego');
    const short = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: asToken(session.accessToken),
      payload: { oldPassword: '', newPassword: 'curta' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().issues.map((i: { message: string }) => i.message)).toContain('A senha atual é obrigatória');
  });

  it('revokes every session but the caller’s: other refresh and access tokens die at once, other sockets hear session:revoked', async () => {
    const here = await signIn(t.app, 'bruno');
    const elsewhere = await signIn(t.app, 'bruno', TEST_DEMO_PASSWORD, true);
    const bruno = here.user;
    const other: TestUser = { ...bruno, role: 'USER', workspaceId: bruno.workspaces[0]!.id, token: elsewhere.accessToken };
    const otherSocket = await listen(t.app, other);
    listeners.push(otherSocket);
    const revoked = nextEvent<{ reason: string }>(otherSocket, 'session:revoked');

    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/update-password',
      headers: asToken(here.accessToken),
      payload: { oldPassword: TEST_DEMO_PASSWORD, newPassword: 'uma-senha-nova-1' },
    });
    const pair = expectStatus<TokenPair>(res, 200);
    expect(await revoked).toEqual({ reason: 'password' });

    const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: asToken(token) });
    const renew = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken } });
    // The new pair works, for the calling tab (and the tabs of its browser, which share it).
    expect((await me(pair.accessToken)).statusCode).toBe(200);
    expect((await renew(pair.refreshToken)).statusCode).toBe(200);
    // Everything issued before is refused: access tokens (even unexpired) and refresh tokens.
    // Their 401 says why, so a page whose socket missed the event can tell its user.
    for (const token of [here.accessToken, elsewhere.accessToken]) {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(SESSION_TEXTS.passwordChanged.description);
    }
    // Any other bad token keeps the plain message.
    expect((await me('not-a-token')).json().message).toBe(SESSION_INVALID);
    for (const token of [here.refreshToken, elsewhere.refreshToken]) expect((await renew(token)).statusCode).toBe(401);
    // The old password no longer signs in, the new one does.
    const oldSignin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { identifier: 'bruno', password: TEST_DEMO_PASSWORD },
    });
    expect(oldSignin.statusCode).toBe(401);
    await signIn(t.app, 'bruno', 'uma-senha-nova-1');
  });
});
