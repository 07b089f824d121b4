import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Group, Message } from '@chat/contracts';
import { messages } from '../../db/schema';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll } from '../../test/socket-helpers';
import { UNREAD_COUNT_CAP } from './group-unread';

// A group's unread count, as each member's list row, the group fetched by id and the chat
// summary show it: messages of others after the member's read watermark, since they joined.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Contagem', 'Bruno Contagem', 'Carla Contagem']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const newGroup = async (name: string, members: TestUser[]) =>
  expectStatus<Group>(await as(t.app, ana).post('/group/create', { name, description: '', members: members.map((m) => m.id) }), 200);
const send = async (who: TestUser, groupId: string, body: string) =>
  expectStatus<Message>(await as(t.app, who).post('/message/send', textMessage(groupId, body, { isGroup: true })), 200);
const listed = async (who: TestUser, groupId: string) =>
  expectStatus<Group[]>(await as(t.app, who).get('/group/list'), 200).find((g) => g.id === groupId)!.unreadMessages;
const byId = async (who: TestUser, groupId: string) =>
  expectStatus<Group>(await as(t.app, who).get(`/group/get-by-id/${groupId}`), 200).unreadMessages;

describe('a group member unread count', () => {
  it("counts others' texts and images, not mine nor deleted ones, the same in the list and by id", async () => {
    const group = await newGroup('Conta', [bruno]);
    await send(ana, group.id, 'um');
    await send(ana, group.id, 'dois');
    expect(await listed(bruno, group.id)).toBe(2);
    // Posting reads the group up to the message posted.
    await send(bruno, group.id, 'respondo');
    await expect.poll(() => listed(bruno, group.id)).toBe(0);
    await send(ana, group.id, 'três');
    const gone = await send(ana, group.id, 'apagada');
    await t.app.ctx.db.insert(messages).values({ groupId: group.id, authorId: ana.id, body: '/api/media/x.png', contentType: 'image' });
    expect(await listed(bruno, group.id)).toBe(3);
    expectStatus(await as(t.app, ana).delete(`/message/${gone.id}`), 200);
    expect(await listed(bruno, group.id)).toBe(2);
    expect(await byId(bruno, group.id)).toBe(2);
    // Ana's: none of her own, and Bruno's one message came before she posted again.
    expect(await listed(ana, group.id)).toBe(0);
  });

  it('stops at the cap, and a read sets it to 0 (a later message counts again)', async () => {
    const group = await newGroup('Muitas', [bruno]);
    await t.app.ctx.db.execute(
      sql`INSERT INTO messages (group_id, author_id, body) SELECT ${group.id}, ${ana.id}, 'm' FROM generate_series(1, ${UNREAD_COUNT_CAP + 20})`,
    );
    expect(await listed(bruno, group.id)).toBe(UNREAD_COUNT_CAP);
    const [lb] = await listenAll(t.app, [bruno], listeners);
    lb.socket.emit('group:read', { groupId: group.id });
    await expect.poll(() => listed(bruno, group.id)).toBe(0);
    await send(ana, group.id, 'nova');
    expect(await listed(bruno, group.id)).toBe(1);
  });

  it('starts when the member joined: what came before is not theirs to read', async () => {
    const group = await newGroup('Chegada', [bruno]);
    await send(bruno, group.id, 'antes da Carla');
    // Joined a moment later than the message (the timestamps of one statement tie).
    await t.app.ctx.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(messages.groupId, group.id));
    expectStatus(await as(t.app, ana).post(`/group/add-member/${group.id}`, { newMembersIds: [carla.id] }), 200);
    expect(await listed(carla, group.id)).toBe(0);
    await send(bruno, group.id, 'depois da Carla');
    expect(await listed(carla, group.id)).toBe(1);
  });
});
