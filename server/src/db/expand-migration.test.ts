import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Group, Message } from '@chat/contracts';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../test/chat-helpers';
import { createTestApp, type TestApp } from '../test/harness';

// The upgrade rule (docs/operacao.md, "Migrações: expandir e contrair"): a release's migration
// keeps the previous release working, because during a rolling upgrade the processes not yet
// replaced run the previous code on the migrated schema (and a rollback does too). Here this
// code plays the previous release: the next release's first process has applied an expand-only
// migration to the live database (a nullable column, a column with a default, a new table whose
// foreign key follows deletes, a new enum value, an index, a backfill) and recorded it, and the
// running process, then a restarted one, keep serving the whole message flow, rows the next
// release wrote included. On the suite's engine.

/** What the next release's migration does; each statement is of a kind the rule allows. */
const NEXT_RELEASE_MIGRATION = [
  `ALTER TABLE "messages" ADD COLUMN "next_release_note" text`,
  `ALTER TABLE "users" ADD COLUMN "next_release_flag" boolean DEFAULT false NOT NULL`,
  `CREATE TABLE "next_release_pins" ("message_id" uuid PRIMARY KEY REFERENCES "messages"("id") ON DELETE CASCADE, "pinned_at" timestamp with time zone DEFAULT now() NOT NULL)`,
  `ALTER TYPE "public"."message_content_type" ADD VALUE 'next_release_kind'`,
  `CREATE INDEX "messages_next_release_note_idx" ON "messages" USING btree ("next_release_note") WHERE "next_release_note" IS NOT NULL`,
  `UPDATE "messages" SET "next_release_note" = 'preenchida'`,
];

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
let conversationId: string;
let groupId: string;
let before: Message;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno] = await createTeam(t.app, ['Ana Souza', 'Bruno Lima']);
  conversationId = expectStatus<Conversation>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200).id;
  groupId = expectStatus<Group>(
    await as(t.app, ana).post('/group/create', { name: 'Projeto Aurora', description: 'Grupo', members: [bruno.id] }),
    200,
  ).id;
  before = expectStatus<Message>(await as(t.app, ana).post('/message/send', textMessage(conversationId, 'antes da migração')), 200);
  for (const statement of NEXT_RELEASE_MIGRATION) await t.app.ctx.db.execute(sql.raw(statement));
  // Recorded as drizzle's migrator records a migration, later than every one this code knows.
  await t.app.ctx.db.execute(
    sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('proxima-versao', ${Date.now() + 86_400_000})`,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The message flow of a page, as this code serves it, on whatever schema the database has now. */
async function messageFlow(app: FastifyInstance, label: string): Promise<void> {
  const sent = expectStatus<Message>(await as(app, ana).post('/message/send', textMessage(conversationId, `oi ${label}`)), 200);
  expectStatus(await as(app, bruno).post('/message/send', textMessage(groupId, `grupo ${label}`, { isGroup: true })), 200);
  const history = expectStatus<{ messages: Message[] }>(
    await as(app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversationId}`),
    200,
  );
  expect(history.messages.map((m) => m.content.body)).toEqual(expect.arrayContaining(['antes da migração', `oi ${label}`]));
  const groupHistory = expectStatus<{ messages: Message[] }>(
    await as(app, ana).get(`/message/get-messages-by-group?groupId=${groupId}`),
    200,
  );
  expect(groupHistory.messages.some((m) => m.content.body === `grupo ${label}`)).toBe(true);
  expectStatus(await as(app, ana).get('/conversation/get-conversations'), 200);
  expectStatus(await as(app, ana).get('/conversation/chat-summary'), 200);
  expectStatus(await as(app, ana).get('/group/list'), 200);
  const found = expectStatus<{ messages?: unknown[] } | unknown[]>(await as(app, bruno).get(`/message/search?content=${label}`), 200);
  expect(JSON.stringify(found)).toContain(`oi ${label}`);
  const edited = expectStatus<Message>(await as(app, ana).patch(`/message/${sent.id}`, { body: `editada ${label}` }), 200);
  expect(edited.content.body).toBe(`editada ${label}`);
  expectStatus(await as(app, ana).delete(`/message/${sent.id}`), 200);
  expectStatus(await as(app, ana).get('/auth/me'), 200);
}

describe('the previous release on the schema of an expand-only migration', () => {
  it('keeps serving the message flow in the process that was running when the migration ran', async () => {
    await messageFlow(t.app, 'rodando');
  });

  it('starts again on the migrated database (its migrator has nothing to apply) and serves the same flow', async () => {
    const app = await t.restart();
    await messageFlow(app, 'reiniciado');
  });

  it('reads, edits and deletes what the next release wrote', async () => {
    const { app } = t;
    await app.ctx.db.execute(sql`UPDATE "messages" SET "next_release_note" = 'nova' WHERE "id" = ${before.id}`);
    await app.ctx.db.execute(sql`INSERT INTO "next_release_pins" ("message_id") VALUES (${before.id})`);
    const history = expectStatus<{ messages: Message[] }>(
      await as(app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversationId}`),
      200,
    );
    expect(history.messages.find((m) => m.id === before.id)?.content.body).toBe('antes da migração');
    expectStatus(await as(app, ana).patch(`/message/${before.id}`, { body: 'editada depois' }), 200);
    expectStatus(await as(app, ana).delete(`/message/${before.id}`), 200);
  });
});
