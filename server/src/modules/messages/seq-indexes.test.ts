import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, Message } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { preparedPlan } from '../../test/plans';

// The (conversation_id, seq) and (group_id, seq) indexes are partial (a message has one
// target, so each INSERT writes one of them). The history reads filter with `=` on the column,
// and the planner must still see that this implies IS NOT NULL, also in the generic plans of the
// prepared statements (a parameter, not a value) and per row of a LATERAL over a list of chats.

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

/** The plan of a prepared statement with sequential scans off and generic plans forced. */
const planOf = (prepare: string, execute: string) =>
  preparedPlan(t.app.ctx.db, prepare, execute, { enable_seqscan: 'off', plan_cache_mode: 'force_generic_plan' });

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
    for (const [column, index, id] of [
      ['conversation_id', 'messages_conversation_seq_idx', chat.id],
      ['group_id', 'messages_group_seq_idx', group.id],
    ] as const) {
      const plan = await planOf(
        `(uuid, bigint) AS SELECT id FROM messages WHERE ${column} = $1 AND seq < $2 ORDER BY seq DESC LIMIT 50`,
        `('${id}', 9223372036854775807)`,
      );
      expect(plan, column).toContain(index);
    }
  });

  it('serve the newest messages of each chat of a list (a LATERAL per chat)', async () => {
    const plan = await planOf(
      `(uuid[]) AS SELECT m.id FROM unnest($1) AS chat(id) CROSS JOIN LATERAL (SELECT id FROM messages WHERE group_id = chat.id ORDER BY seq DESC LIMIT 3) m`,
      `('{${group.id}}')`,
    );
    expect(plan).toContain('messages_group_seq_idx');
  });
});
