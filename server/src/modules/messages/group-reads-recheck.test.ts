import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Group, Message, MessageReceiptEvent, MessageReceipts, MessagesPage } from '@chat/contracts';
import { as, createTeam, createUser, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, eventMatching, type Listener, listenAll, settle } from '../../test/socket-helpers';

// A group message turns READ when every CURRENT member has read it. When a member who
// had not read it leaves (removed from the group, or their account removed from the workspace),
// the remaining readers may all have read it already: the server re-checks and tells the author.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, diego: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla, diego] = await createTeam(t.app, ['Ana Saída', 'Bruno Saída', 'Carla Saída', 'Diego Saída']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const newGroup = async (name: string) =>
  expectStatus<Group>(await as(t.app, ana).post('/group/create', { name, description: '', members: [bruno.id, carla.id, diego.id] }), 200);
const send = async (who: TestUser, group: Group, body: string) =>
  expectStatus<Message>(await as(t.app, who).post('/message/send', textMessage(group.id, body, { isGroup: true })), 200);
const statusOf = async (who: TestUser, group: Group, id: string) =>
  expectStatus<MessagesPage>(await as(t.app, who).get(`/message/get-messages-by-group?groupId=${group.id}&all=true`), 200).messages.find(
    (m) => m.id === id,
  )!.status;

/** bruno and carla read the group; diego never does. */
async function readByAllButDiego(group: Group, authorListener: Listener) {
  const [lb, lc] = await listenAll(t.app, [bruno, carla], listeners);
  for (const [l, who] of [
    [lb, bruno],
    [lc, carla],
  ] as const) {
    l.socket.emit('group:read', { groupId: group.id });
    // This group's receipt: a READ one of an earlier group is in the listener's history too, and
    // matching it let the test go on before this read was stored (seen once tokens were verified faster).
    await eventMatching<MessageReceiptEvent>(
      authorListener,
      'message:receipt',
      (r) => r.groupId === group.id && r.userIds.includes(who.id) && r.status === 'READ',
    );
  }
}

describe('read by everyone, after a member leaves', () => {
  it('a member removed from the group: older messages everyone else read turn READ, the author hears it live', async () => {
    const group = await newGroup('Saída do grupo');
    const [la] = await listenAll(t.app, [ana], listeners);
    const first = await send(ana, group, 'primeira');
    const second = await send(ana, group, 'segunda');
    const brunos = await send(bruno, group, 'do bruno');
    await readByAllButDiego(group, la);
    expect(await statusOf(ana, group, first.id)).not.toBe('READ');

    const [lb] = await listenAll(t.app, [bruno], listeners);
    expectStatus(await as(t.app, ana).post(`/group/remove-member/${group.id}`, { memberId: diego.id }), 200);
    const told = await eventMatching<MessageReceiptEvent>(la, 'message:receipt', (r) => r.userIds.includes(diego.id));
    expect(told).toMatchObject({ groupId: group.id, status: 'READ', userIds: [diego.id] });
    expect(told.completedIds.sort()).toEqual([first.id, second.id].sort());
    expect(await statusOf(ana, group, first.id)).toBe('READ');
    expect(await statusOf(ana, group, second.id)).toBe('READ');
    // bruno's own message still waits for ana, who never opened the group.
    expect(await statusOf(bruno, group, brunos.id)).not.toBe('READ');
    await settle(t.app, [lb]);
    expect(lb.of('message:receipt').filter((r) => (r as MessageReceiptEvent).userIds.includes(diego.id))).toEqual([]);
    // 'Informações' lists only current members.
    const receipts = expectStatus<MessageReceipts>(await as(t.app, ana).get(`/message/${first.id}/receipts`), 200);
    expect(receipts.readBy.map((r) => r.user.id).sort()).toEqual([bruno.id, carla.id].sort());
    expect(receipts.deliveredTo).toEqual([]);
  });

  it('nothing turns READ while a remaining member has not read it', async () => {
    const group = await newGroup('Ainda falta');
    const [la] = await listenAll(t.app, [ana], listeners);
    const m = await send(ana, group, 'falta a carla');
    const [lb] = await listenAll(t.app, [bruno], listeners);
    lb.socket.emit('group:read', { groupId: group.id });
    await eventMatching<MessageReceiptEvent>(la, 'message:receipt', (r) => r.userIds.includes(bruno.id));
    expectStatus(await as(t.app, ana).post(`/group/remove-member/${group.id}`, { memberId: diego.id }), 200);
    await settle(t.app, [la]);
    expect(la.of('message:receipt').some((r) => (r as MessageReceiptEvent).completedIds.includes(m.id))).toBe(false);
    expect(await statusOf(ana, group, m.id)).not.toBe('READ');
  });

  it('a member whose account is removed from the workspace counts no more in any of their groups', async () => {
    const admin = await createUser(t.app, ana.workspaceId, { name: 'Admin Saída', role: 'ADMIN' });
    const one = await newGroup('Conta removida 1');
    const two = await newGroup('Conta removida 2');
    const [la] = await listenAll(t.app, [ana], listeners);
    const inOne = await send(ana, one, 'no primeiro');
    const inTwo = await send(ana, two, 'no segundo');
    await readByAllButDiego(one, la);
    await readByAllButDiego(two, la);

    expectStatus(await as(t.app, admin).delete(`/user/${diego.id}`), 200);
    const told = await Promise.all(
      [one, two].map((g) =>
        eventMatching<MessageReceiptEvent>(la, 'message:receipt', (r) => r.groupId === g.id && r.userIds.includes(diego.id)),
      ),
    );
    expect(told.map((r) => r.completedIds)).toEqual([[inOne.id], [inTwo.id]]);
    expect(await statusOf(ana, one, inOne.id)).toBe('READ');
    expect(await statusOf(ana, two, inTwo.id)).toBe('READ');
  });
});
