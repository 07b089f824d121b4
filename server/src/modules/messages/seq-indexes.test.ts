import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, Message } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementPlan, type Statement } from '../../test/plans';
import { pageBeforeQuery } from './messages.repository';
import { newestOfChatsQuery } from './newest-pages';

// The (conversation_id, seq) and (group_id, seq) indexes are partial (a message has one target, so
// each INSERT writes one of them). The history reads filter with `=` on the column, and the planner
// must still see that this implies IS NOT NULL, also in the generic plans of the prepared
// statements (a parameter, not a value) and per row of a LATERAL over a list of chats. The plans
// are those of the repository's own statements, so a change of their shape that loses the index
// fails here.

let t: TestApp;
let ana: TestUser, bruno: TestUser;
let chat: Conversation, group: Group;

beforeAll(async () => {
  t = await createTestApp();
  [ana, bruno] = await createTeam(t.app, ['Ana Índice', 'Bruno Índice']);
  chat = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Índices', description: '', members: [bruno.id] }), 200);
  for (let i = 0; i < 3; i++) {
    expectStatus<Message>(await as(t.app, ana).post('/message/send', textMessage(chat.id, `conversa ${i}`)), 200);
    expectStatus<Message>(await as(t.app, bruno).post('/message/send', textMessage(group.id, `grupo ${i}`, { isGroup: true })), 200);
  }
});
afterAll(() => t?.close());

/** The plan of one of the repository's statements with sequential scans off and generic plans forced. */
const planOf = (statement: Statement, placeholders: Record<string, unknown>) =>
  statementPlan(t.app.ctx.db, statement, placeholders, { enable_seqscan: 'off', plan_cache_mode: 'force_generic_plan' });

describe('the partial (chat, seq) indexes', () => {
  it('hold only the rows of their kind of chat', async () => {
    const result = (await t.app.ctx.db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE indexname IN ('messages_conversation_seq_idx', 'messages_group_seq_idx') ORDER BY indexname`,
    )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> };
    expect(result.rows.map((row) => [row.indexname, /WHERE \((\w+) IS NOT NULL\)/.exec(row.indexdef)?.[1]])).toEqual([
      ['messages_conversation_seq_idx', 'conversation_id'],
      ['messages_group_seq_idx', 'group_id'],
    ]);
  });

  it('serve a page back in a conversation and in a group, as a prepared statement with parameters', async () => {
    for (const [kind, index, chatId] of [
      ['conversation', 'messages_conversation_seq_idx', chat.id],
      ['group', 'messages_group_seq_idx', group.id],
    ] as const) {
      const plan = await planOf(pageBeforeQuery(t.app.ctx.db, kind), { chatId, beforeSeq: Number.MAX_SAFE_INTEGER, take: 50 });
      expect(plan, kind).toContain(`Index Scan Backward using ${index}`);
    }
  });

  it('serve the newest messages of each chat of a list (a LATERAL per chat)', async () => {
    for (const [kind, index, chatId] of [
      ['conversation', 'messages_conversation_seq_idx', chat.id],
      ['group', 'messages_group_seq_idx', group.id],
    ] as const) {
      const plan = await planOf(newestOfChatsQuery(t.app.ctx.db, kind), { chatIds: [chatId], take: 3 });
      expect(plan, kind).toContain(`Index Scan Backward using ${index}`);
    }
  });
});
