import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSystemLine, systemMessageText, type Group, type Message, type MessageReceiptEvent, type MessagesPage } from '@chat/contracts';
import { as, createTeam, deactivate, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target } from '../../test/media';
import { closeAll, eventMatching, type Listener, listenAll, settle } from '../../test/socket-helpers';
import { RECEIPT_NOTICE_WINDOW_MS } from '../realtime/receipt-notices';

// Removing, leaving and the group's photo, and the system lines each act writes in the chat.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, diego: TestUser, outsider: TestUser;
let group: Group;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [outsider] = await createTeam(t.app, ['Otávio Fora']);
});
beforeEach(async () => {
  [ana, bruno, carla, diego] = await createTeam(t.app, ['Ana Admin', 'Bruno Braga', 'Carla Costa', 'Diego Dias']);
  group = expectStatus<Group>(await as(t.app, ana).post('/group/create', { name: 'Equipe', description: '', members: [bruno.id] }), 200);
  // Carla joins after Bruno: Bruno is the longest-standing member after Ana.
  expectStatus(await as(t.app, ana).post(`/group/add-member/${group.id}`, { newMembersIds: [carla.id] }), 200);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const url = (action: string) => `/group/${action}/${group.id}`;
const history = async (user: TestUser) =>
  expectStatus<MessagesPage>(await as(t.app, user).get(`/message/get-messages-by-group?groupId=${group.id}&all=true`), 200).messages;
const lines = async (user: TestUser) =>
  (await history(user)).filter((m) => m.content.type === 'system').map((m) => systemMessageText(m.content.body));
const refusal = (res: { statusCode: number; json: () => { message: string } }) => ({ status: res.statusCode, message: res.json().message });
const unreadOf = async (user: TestUser) =>
  expectStatus<Group>(await as(t.app, user).get(`/group/get-by-id/${group.id}`), 200).unreadMessages;

describe('system lines', () => {
  it('records creation, additions, promotions, renames and removals with the names as they were', async () => {
    expectStatus(await as(t.app, ana).post(url('add-admin'), { newAdminId: bruno.id }), 200);
    expectStatus(await as(t.app, ana).patch(`/group/update/${group.id}`, { name: 'Equipe Nova', description: '' }), 200);
    // A new description alone writes no line.
    expectStatus(await as(t.app, ana).patch(`/group/update/${group.id}`, { name: 'Equipe Nova', description: 'x' }), 200);
    expectStatus(await as(t.app, bruno).post(url('remove-member'), { memberId: carla.id }), 200);
    expect(await lines(ana)).toEqual([
      'Ana Admin criou o grupo',
      'Ana Admin adicionou Carla Costa',
      'Ana Admin tornou Bruno Braga administrador',
      'Ana Admin mudou o nome do grupo para “Equipe Nova”',
      'Bruno Braga removeu Carla Costa',
    ]);
    const last = (await history(ana)).at(-1)!;
    expect(parseSystemLine(last.content.body)).toEqual({
      kind: 'removed',
      actor: { id: bruno.id, name: 'Bruno Braga' },
      targets: [{ id: carla.id, name: 'Carla Costa' }],
    });
    expect(last).toMatchObject({ authorId: bruno.id, status: 'READ', mentions: [] });
  });

  it('are heard live by the members, counted as nobody’s unread, and the list may show them', async () => {
    const [la, lb, lc] = await listenAll(t.app, [ana, bruno, carla], listeners);
    expectStatus(await as(t.app, ana).post(url('add-member'), { newMembersIds: [diego.id] }), 200);
    await settle(t.app, listeners);
    for (const l of [la, lb, lc]) {
      const texts = (l.of('message') as Message[]).map((m) => systemMessageText(m.content.body));
      expect(texts).toEqual(['Ana Admin adicionou Diego Dias']);
    }
    expect(await unreadOf(bruno)).toBe(0);
    expect(await unreadOf(diego)).toBe(0);
    const listed = expectStatus<Group[]>(await as(t.app, bruno).get('/group/list'), 200).find((g) => g.id === group.id)!;
    expect(listed.lastMessage?.content.type).toBe('system');
    // A text message still counts.
    expectStatus(await as(t.app, ana).post('/message/send', textMessage(group.id, 'Oi', { isGroup: true })), 200);
    expect(await unreadOf(bruno)).toBe(1);
  });

  it('tell their actor nothing when a member reads past them (no receipts of a line)', async () => {
    const [la, lb] = await listenAll(t.app, [ana, bruno], listeners);
    expectStatus(await as(t.app, ana).post(url('add-member'), { newMembersIds: [diego.id] }), 200);
    expectStatus(await as(t.app, bruno).post('/message/send', textMessage(group.id, 'Bem-vindo', { isGroup: true })), 200);
    // Posting reads the group: Diego's read crosses Ana's line and Bruno's message.
    expectStatus(await as(t.app, diego).post('/message/send', textMessage(group.id, 'Oi!', { isGroup: true })), 200);
    await eventMatching<MessageReceiptEvent>(lb, 'message:receipt', (r) => r.userIds.includes(diego.id));
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_NOTICE_WINDOW_MS + 200));
    expect((la.of('message:receipt') as MessageReceiptEvent[]).filter((r) => r.userIds.includes(diego.id))).toEqual([]);
  });

  it('cannot be edited, deleted, reacted to, quoted or found by the search', async () => {
    const line = (await history(ana))[0]!;
    const refused = { status: 403, message: 'Os avisos do grupo não podem ser alterados' };
    expect(refusal(await as(t.app, ana).patch(`/message/${line.id}`, { body: 'outro' }))).toEqual(refused);
    expect(refusal(await as(t.app, ana).delete(`/message/${line.id}`))).toEqual(refused);
    expect(refusal(await as(t.app, bruno).post(`/message/${line.id}/reactions`, { emoji: '👍' }))).toEqual(refused);
    const reply = await as(t.app, bruno).post('/message/send', { ...textMessage(group.id, 'Oi', { isGroup: true }), replyToId: line.id });
    expect(refusal(reply)).toEqual({ status: 404, message: 'Mensagem respondida não encontrada' });
    const found = expectStatus<Group[]>(await as(t.app, ana).get('/group/search?content=criou'), 200);
    expect(found.map((g) => g.id)).not.toContain(group.id);
  });
});

describe('POST /api/group/remove-member/:groupId', () => {
  it('refuses a non-admin in Portuguese (403) and oneself (403)', async () => {
    expect(refusal(await as(t.app, bruno).post(url('remove-member'), { memberId: carla.id }))).toEqual({
      status: 403,
      message: 'Apenas administradores do grupo podem fazer isso',
    });
    expect(refusal(await as(t.app, ana).post(url('remove-member'), { memberId: ana.id }))).toEqual({
      status: 403,
      message: 'Você não pode remover a si mesmo do grupo',
    });
  });
});

describe('POST /api/group/leave/:groupId', () => {
  it('takes the member out: they hear the removal, the others too, with the line "Carla saiu"', async () => {
    const [la, lc] = await listenAll(t.app, [ana, carla], listeners);
    expect(expectStatus(await as(t.app, carla).post(url('leave'), {}), 200)).toEqual({ id: group.id });
    await settle(t.app, listeners);
    for (const l of [la, lc]) {
      expect(l.of('group::updated')).toEqual([
        expect.objectContaining({ id: group.id, change: { kind: 'memberRemoved', memberId: carla.id } }),
      ]);
    }
    // The line goes to those still in the group.
    expect(lc.of('message')).toEqual([]);
    expect((la.of('message') as Message[]).map((m) => systemMessageText(m.content.body))).toEqual(['Carla Costa saiu']);
    expect((await as(t.app, carla).get(`/group/get-by-id/${group.id}`)).statusCode).toBe(404);
    expect(refusal(await as(t.app, carla).post(url('leave'), {}))).toEqual({ status: 404, message: 'Grupo não encontrado' });
    expect(refusal(await as(t.app, outsider).post(url('leave'), {}))).toEqual({ status: 404, message: 'Grupo não encontrado' });
  });

  it('an admin who is not the last one leaves without promoting anyone', async () => {
    expectStatus(await as(t.app, ana).post(url('add-admin'), { newAdminId: carla.id }), 200);
    expectStatus(await as(t.app, ana).post(url('leave'), {}), 200);
    const after = expectStatus<Group>(await as(t.app, bruno).get(`/group/get-by-id/${group.id}`), 200);
    expect(after.admins.map((a) => a.id)).toEqual([carla.id]);
  });

  it('the last admin leaving makes the longest-standing active member admin', async () => {
    // Bruno joined first but is no longer active: Carla, the next one, is promoted.
    await deactivate(t.app, bruno);
    const [lc] = await listenAll(t.app, [carla], listeners);
    expectStatus(await as(t.app, ana).post(url('leave'), {}), 200);
    await settle(t.app, listeners);
    const after = expectStatus<Group>(await as(t.app, carla).get(`/group/get-by-id/${group.id}`), 200);
    expect(after).toMatchObject({ viewerIsAdmin: true, adminCount: 1, memberCount: 1 });
    expect(lc.of('group::updated')).toEqual([
      expect.objectContaining({ change: { kind: 'memberRemoved', memberId: ana.id } }),
      expect.objectContaining({ change: { kind: 'adminAdded', adminId: carla.id } }),
    ]);
    expect((await lines(carla)).slice(-2)).toEqual(['Ana Admin saiu', 'Carla Costa agora administra o grupo']);
  });

  it('with an active longest-standing member, that one is promoted', async () => {
    expectStatus(await as(t.app, ana).post(url('leave'), {}), 200);
    const after = expectStatus<Group>(await as(t.app, carla).get(`/group/get-by-id/${group.id}`), 200);
    expect(after.admins.map((a) => a.id)).toEqual([bruno.id]);
  });
});

describe('POST /api/group/update-photo/:groupId', () => {
  async function uploadAvatar(token: string): Promise<string> {
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/cloud/generate-public-media-url',
      headers: { authorization: `Bearer ${token}` },
      payload: { fileName: 'grupo.png', contentType: 'image/png', folder: 'avatars' },
    });
    const signedUrl = new URL(expectStatus<{ url: string }>(signed, 200).url);
    const put = await t.app.inject({
      method: 'PUT',
      url: target(signedUrl),
      headers: { 'content-type': 'image/png' },
      payload: TINY_IMAGES['image/png'],
    });
    expect(put.statusCode).toBe(200);
    return `${signedUrl.origin}${signedUrl.pathname}`;
  }

  it('an admin sets and removes it: members hear it and the chat says so', async () => {
    const avatarUrl = await uploadAvatar(ana.token);
    const [lb] = await listenAll(t.app, [bruno], listeners);
    const updated = expectStatus<Group>(await as(t.app, ana).post(url('update-photo'), { avatarUrl }), 200);
    expect(updated.avatarUrl).toBe(avatarUrl);
    await settle(t.app, listeners);
    expect(lb.of('group::updated')).toEqual([expect.objectContaining({ avatarUrl, change: { kind: 'photoChanged' } })]);
    expectStatus(await as(t.app, ana).post(url('update-photo'), { avatarUrl: null }), 200);
    expect((await lines(bruno)).slice(-2)).toEqual(['Ana Admin mudou a foto do grupo', 'Ana Admin removeu a foto do grupo']);
  });

  it('refuses a non-admin (403), another server’s image and another workspace’s upload (400)', async () => {
    const mine = await uploadAvatar(bruno.token);
    expect(refusal(await as(t.app, bruno).post(url('update-photo'), { avatarUrl: mine }))).toEqual({
      status: 403,
      message: 'Apenas administradores do grupo podem fazer isso',
    });
    const foreign = await uploadAvatar(outsider.token);
    for (const avatarUrl of ['https://example.com/a.png', foreign]) {
      expect(refusal(await as(t.app, ana).post(url('update-photo'), { avatarUrl }))).toEqual({
        status: 400,
        message: 'A foto do grupo deve ser enviada pelo upload de avatar',
      });
    }
  });
});
