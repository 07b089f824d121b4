import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, users } from '../../db/schema';
import { createWorkspace } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementPlan } from '../../test/plans';
import { newestOfChatsQuery } from './newest-pages';

// The newest page of a long chat walks the chat's (chat, seq) index backwards and stops at the
// page, whatever the planner thinks a chat holds (newest-pages.ts, pageSize). Here, as in a real
// workspace, most chats are short and one is long, so the planner's estimate for a chat of the
// LATERAL (the table's average) is under the page's 51 rows: with a bare LIMIT parameter PostgreSQL
// could choose a bitmap scan of the whole long chat and a sort.

const SHORT_CHATS = 150;
const SHORT_HISTORY = 3;
const LONG_HISTORY = 3_000;

let t: TestApp;
let longChat: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const { db } = t.app.ctx;
  const workspaceId = await createWorkspace(t.app);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: SHORT_CHATS + 2 }, (_, i) => ({
        name: `Plano ${i}`,
        nickName: `plano${i}`,
        email: `plano${i}@teste.chat`,
        passwordHash: 'x',
        workspaceId,
      })),
    )
    .returning({ id: users.id });
  const [me, ...others] = people.map((p) => p.id);
  const chats = await db
    .insert(conversations)
    .values(others.map((other) => ({ userOneId: me!, userTwoId: other })))
    .returning({ id: conversations.id });
  longChat = chats[0]!.id;
  const rows = chats.flatMap((chat, c) =>
    Array.from({ length: c === 0 ? LONG_HISTORY : SHORT_HISTORY }, (_, k) => ({ conversationId: chat.id, authorId: me!, body: `m${k}` })),
  );
  for (let i = 0; i < rows.length; i += 1000) await db.insert(messages).values(rows.slice(i, i + 1000));
  await db.execute(sql`ANALYZE messages`);
}, 60_000);
afterAll(() => t?.close());

/** The plan of the newest-pages statement for these chats, under `mode` (custom: the values known while planning). */
const planFor = (chatIds: string[], take: number, mode: 'force_custom_plan' | 'force_generic_plan') =>
  statementPlan(t.app.ctx.db, newestOfChatsQuery(t.app.ctx.db, 'conversation'), { chatIds, take }, { plan_cache_mode: mode });

describe('the newest pages of a list of chats', () => {
  for (const mode of ['force_custom_plan', 'force_generic_plan'] as const) {
    it(`walk each chat's index backwards and stop at the page, also for a chat far longer than the average (${mode})`, async () => {
      const plan = await planFor([longChat], 51, mode);
      expect(plan).toContain('Index Scan Backward using messages_conversation_seq_idx');
      expect(plan).not.toContain('Bitmap Index Scan on messages_conversation_seq_idx');
    });
  }

  it('still give the newest page of the long chat, newest first', async () => {
    const page = await newestOfChatsQuery(t.app.ctx.db, 'conversation').execute({ chatIds: [longChat], take: 51 });
    expect(page.map((row) => row.message.body)).toEqual(Array.from({ length: 51 }, (_, i) => `m${LONG_HISTORY - 1 - i}`));
  });
});
