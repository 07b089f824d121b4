import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatSummary, LIMITS } from '@chat/contracts';
import { conversationMutes, conversations, groupMembers, groups, messages, users } from '../../db/schema';
import { as, createUser, createWorkspace, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { UNREAD_COUNT_CAP } from '../groups/groups.repository';

// GET /conversation/chat-summary adds up the whole list, not the sidebar's first page: more
// conversations than a page, the unread ones and the silenced ones spread over all of them, and
// the groups, counted as their rows in the list count them.

const CHATS = LIMITS.chatListPageSize + 15;
let t: TestApp;
let me: TestUser;
let other: TestUser;
let othersMutedGroup = '';
const groupIds: string[] = [];
const expected = { unreadChats: 0, unreadMessages: 0, mutedConversationIds: [] as string[], mutedGroupIds: [] as string[] };

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const { db } = t.app.ctx;
  const workspaceId = await createWorkspace(t.app);
  me = await createUser(t.app, workspaceId, { name: 'Eu Somado' });
  other = await createUser(t.app, workspaceId, { name: 'Outra Pessoa' });
  const stamp = Date.now().toString(36);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: CHATS }, (_, i) => ({
        name: `Pessoa ${i}`,
        nickName: `soma${i}x${stamp}`,
        email: `soma${i}.${stamp}@teste.chat`,
        passwordHash: 'x',
        workspaceId,
      })),
    )
    .returning({ id: users.id });
  const chats = await db
    .insert(conversations)
    .values(people.map((p) => ({ userOneId: me.id, userTwoId: p.id })))
    .returning({ id: conversations.id });
  // Chat i: i % 3 unread messages from the other person, one of mine, one read, one deleted.
  const rows = chats.flatMap((c, i) => [
    ...Array.from({ length: i % 3 }, () => ({ conversationId: c.id, authorId: people[i]!.id, body: 'oi' })),
    { conversationId: c.id, authorId: me.id, body: 'minha' },
    { conversationId: c.id, authorId: people[i]!.id, body: 'lida', status: 'READ' as const },
    { conversationId: c.id, authorId: people[i]!.id, body: 'apagada', deletedAt: new Date() },
  ]);
  await db.insert(messages).values(rows);
  expected.unreadChats = chats.filter((_, i) => i % 3 > 0).length;
  expected.unreadMessages = chats.reduce((sum, _, i) => sum + (i % 3), 0);
  // The oldest-listed chat has more unread than the cap: it counts up to the cap.
  const crowded = chats[0]!.id;
  await db.execute(
    sql`INSERT INTO messages (conversation_id, author_id, body) SELECT ${crowded}, ${people[0]!.id}, 'muitas' FROM generate_series(1, ${UNREAD_COUNT_CAP + 20})`,
  );
  expected.unreadChats += 1;
  expected.unreadMessages += UNREAD_COUNT_CAP;
  // Silenced: every seventh conversation, and two of three groups.
  const muted = chats.filter((_, i) => i % 7 === 0).map((c) => c.id);
  await db.insert(conversationMutes).values(muted.map((conversationId) => ({ conversationId, userId: me.id })));
  expected.mutedConversationIds = muted;
  const teamGroups = await db
    .insert(groups)
    .values([0, 1, 2].map((i) => ({ workspaceId, name: `Grupo ${i}` })))
    .returning({ id: groups.id });
  await db.insert(groupMembers).values(teamGroups.map((g, i) => ({ groupId: g.id, userId: me.id, muted: i < 2 })));
  // Another member's silence of a group is not mine.
  await db.insert(groupMembers).values(teamGroups.map((g, i) => ({ groupId: g.id, userId: other.id, muted: i === 2 })));
  othersMutedGroup = teamGroups[2]!.id;
  expected.mutedGroupIds = teamGroups.slice(0, 2).map((g) => g.id);
  // Groups count as the list shows them. Group 0, silenced: 3 unread, which still count.
  const [g0, g1, g2] = teamGroups.map((g) => g.id) as [string, string, string];
  await db.insert(messages).values([1, 2, 3].map((i) => ({ groupId: g0, authorId: other.id, body: `oi ${i}` })));
  // Group 1: more than the cap.
  await db.execute(
    sql`INSERT INTO messages (group_id, author_id, body) SELECT ${g1}, ${other.id}, 'muitas' FROM generate_series(1, ${UNREAD_COUNT_CAP + 20})`,
  );
  // Group 2: one read (under my watermark), then a text and an image unread, one of mine, one deleted.
  const [read] = await db.insert(messages).values({ groupId: g2, authorId: other.id, body: 'lida' }).returning({ seq: messages.seq });
  await db
    .update(groupMembers)
    .set({ readSeq: read!.seq })
    .where(and(eq(groupMembers.groupId, g2), eq(groupMembers.userId, me.id)));
  await db.insert(messages).values([
    { groupId: g2, authorId: other.id, body: 'não lida' },
    { groupId: g2, authorId: other.id, body: '/api/media/foto.png', contentType: 'image' },
    { groupId: g2, authorId: me.id, body: 'minha' },
    { groupId: g2, authorId: other.id, body: 'apagada', deletedAt: new Date() },
  ]);
  expected.unreadChats += 3;
  expected.unreadMessages += 3 + UNREAD_COUNT_CAP + 2;
  groupIds.push(g0, g1, g2);
}, 60_000);
afterAll(() => t?.close());

const sorted = (s: ChatSummary) => ({
  ...s,
  mutedConversationIds: [...s.mutedConversationIds].sort(),
  mutedGroupIds: [...s.mutedGroupIds].sort(),
});

describe('GET /conversation/chat-summary', () => {
  it('counts the unread and silenced chats of the whole list, beyond its first page', async () => {
    const summary = expectStatus<ChatSummary>(await as(t.app, me).get('/conversation/chat-summary'), 200);
    expect(sorted(summary)).toEqual(sorted(expected));
    const firstPage = expectStatus<unknown[]>(
      await as(t.app, me).get(`/conversation/get-conversations?showEmpty=true&limit=${LIMITS.chatListPageSize}`),
      200,
    );
    expect(firstPage.length).toBeLessThan(CHATS);
  });

  it("gives each member their own: another's summary has none of my chats", async () => {
    const summary = expectStatus<ChatSummary>(await as(t.app, other).get('/conversation/chat-summary'), 200);
    // Mine in group 2 is the one thing there they have not read (they have read none of it).
    expect(summary).toEqual({ unreadChats: 1, unreadMessages: 1, mutedConversationIds: [], mutedGroupIds: [othersMutedGroup] });
  });

  it('leaves a group out once I read it: posting in it reads it', async () => {
    const before = expectStatus<ChatSummary>(await as(t.app, me).get('/conversation/chat-summary'), 200);
    expectStatus(await as(t.app, me).post('/message/send', textMessage(groupIds[0]!, 'li tudo', { isGroup: true })), 200);
    const after = async () => expectStatus<ChatSummary>(await as(t.app, me).get('/conversation/chat-summary'), 200);
    await expect.poll(async () => (await after()).unreadMessages).toBe(before.unreadMessages - 3);
    expect((await after()).unreadChats).toBe(before.unreadChats - 1);
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/conversation/chat-summary' });
    expect(res.statusCode).toBe(401);
  });
});
