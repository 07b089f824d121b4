import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Conversation, Group } from '@chat/contracts';
import { messageReactions, messages } from '../../db/schema';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { type ChatTarget, chatIs, selectMessages } from './messages.repository';
import { NewestPages } from './newest-pages';

// The newest pages read together: whatever is asked at once, each ask gets exactly its
// chat's newest `take` messages, newest first, whole (quotes, reactions), as a one-chat read gives them.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let withBruno: Conversation, withCarla: Conversation, empty: Conversation;
let group: Group;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Nova', 'Bruno Nova', 'Carla Nova']);
  withBruno = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  withCarla = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: carla.id }), 200);
  empty = expectStatus(await as(t.app, bruno).post('/conversation/create', { userTwoId: carla.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Novas', description: '', members: [bruno.id, carla.id] }), 200);
  // Interleaved, so that each chat's messages are spread among the others' seqs.
  const rows = Array.from({ length: 30 }, (_, i) => {
    const target = [{ conversationId: withBruno.id }, { conversationId: withCarla.id }, { groupId: group.id }][i % 3]!;
    return { ...target, authorId: i % 2 ? ana.id : 'groupId' in target ? carla.id : ana.id, body: `m${i}` };
  });
  const stored = await t.app.ctx.db.insert(messages).values(rows).returning();
  // m27 (withBruno) quotes m24, and m25 (withCarla) has a reaction.
  const [m24, m27, m25] = ['m24', 'm27', 'm25'].map((body) => stored.find((m) => m.body === body)!);
  await t.app.ctx.db.update(messages).set({ replyToId: m24!.id }).where(eq(messages.id, m27!.id));
  await t.app.ctx.db.insert(messageReactions).values({ messageId: m25!.id, userId: bruno.id, emoji: '👍' });
});
afterAll(() => t?.close());

const alone = (target: ChatTarget, take: number) => selectMessages(t.app.ctx.db, { where: chatIs(target), order: 'desc', limit: take });

describe('NewestPages', () => {
  it('gives each ask its own chat’s newest page, whatever was asked with it', async () => {
    const pages = new NewestPages(t.app.ctx.db);
    const asks: Array<[ChatTarget, number]> = [
      [{ conversationId: withBruno.id }, 3],
      [{ conversationId: withCarla.id }, 20],
      [{ conversationId: withBruno.id }, 1],
      [{ conversationId: empty.id }, 4],
      [{ groupId: group.id }, 2],
      [{ conversationId: withCarla.id }, 5],
    ];
    const got = await Promise.all(asks.map(([target, take]) => pages.of(target, take)));
    const expected = await Promise.all(asks.map(([target, take]) => alone(target, take)));
    expect(got).toEqual(expected);
    expect(got[1]!.map((r) => r.message.body)).toEqual(['m28', 'm25', 'm22', 'm19', 'm16', 'm13', 'm10', 'm7', 'm4', 'm1']);
    expect(got[1]![1]!.reactions).toEqual([expect.objectContaining({ emoji: '👍' })]);
    expect(got[0]![0]!.reply).toMatchObject({ body: 'm24' });
    expect(got[3]).toEqual([]);
  });

  it('reads the chats asked while a read runs in one statement', async () => {
    const pages = new NewestPages(t.app.ctx.db);
    const read = vi.spyOn(pages['queries'].conversation, 'execute');
    const first = pages.of({ conversationId: withBruno.id }, 2);
    // The first read starts when this I/O phase ends (WAVE_BATCHING); the others are asked after it.
    await setImmediate();
    const later = [
      pages.of({ conversationId: withCarla.id }, 2),
      pages.of({ conversationId: withBruno.id }, 5),
      pages.of({ conversationId: empty.id }, 2),
    ];
    await first;
    const [carlas, brunos, none] = await Promise.all(later);
    expect(read).toHaveBeenCalledTimes(2);
    expect(read.mock.calls[1]![0]).toEqual({ chatIds: [withCarla.id, withBruno.id, empty.id], take: 5 });
    expect(carlas!.map((r) => r.message.body)).toEqual(['m28', 'm25']);
    expect(brunos!.map((r) => r.message.body)).toEqual(['m27', 'm24', 'm21', 'm18', 'm15']);
    expect(none).toEqual([]);
  });

  it('reads the chats asked in one I/O phase in one statement, the first too (on PGlite nothing waits on a running read)', async () => {
    const pages = new NewestPages(t.app.ctx.db);
    const read = vi.spyOn(pages['queries'].conversation, 'execute');
    const [brunos, carlas] = await Promise.all([
      pages.of({ conversationId: withBruno.id }, 2),
      pages.of({ conversationId: withCarla.id }, 2),
    ]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![0]).toEqual({ chatIds: [withBruno.id, withCarla.id], take: 2 });
    expect(brunos.map((r) => r.message.body)).toEqual(['m27', 'm24']);
    expect(carlas.map((r) => r.message.body)).toEqual(['m28', 'm25']);
  });
});
