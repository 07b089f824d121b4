import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../config/paths';
import { contractingStatements } from '../test/migration-rule';

// Every migration since the rule was written keeps the previous release working (docs/operacao.md,
// "Migrações: expandir e contrair"). A contract step (dropping what no code has read for a
// release) is listed below with what it removes; the ones before the rule are not re-judged.

/** The last migration written before the rule. */
const RULE_SINCE = '0022_files_and_voice_notes';

/** Contract steps, by tag: what they remove, unread since the release named. */
const CONTRACT_STEPS: Record<string, string> = {};

/**
 * Unique indexes dropped and created again under the same name with one more condition, read and
 * judged by hand: they refuse less than before, so the previous release's writes still pass.
 */
const NARROWED_UNIQUE_INDEXES: Record<string, string> = {
  '0030_workspace_export':
    "data_exports_active_user_key: a person's one active export, now only among their own exports (workspace_id IS NULL), which are all the previous release writes",
};

/** The index named in the reviewed note, dropped by the same migration. */
function isNarrowing(tag: string, statement: string): boolean {
  const name = /^CREATE UNIQUE INDEX "([^"]+)"/.exec(statement)?.[1];
  const sql = readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8');
  return !!name && NARROWED_UNIQUE_INDEXES[tag]!.startsWith(`${name}:`) && sql.includes(`DROP INDEX "${name}";`);
}

function journal(): string[] {
  const file = path.join(migrationsFolder(), 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: Array<{ tag: string }> }).entries.map((e) => e.tag);
}

describe('the upgrade rule', () => {
  it('holds for every migration since it was written, contract steps aside', () => {
    const tags = journal();
    const since = tags.indexOf(RULE_SINCE);
    expect(since).toBeGreaterThanOrEqual(0);
    const breaches = tags
      .slice(since + 1)
      .filter((tag) => !(tag in CONTRACT_STEPS))
      .flatMap((tag) =>
        contractingStatements(readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8'))
          .filter(
            (b) => !(tag in NARROWED_UNIQUE_INDEXES && b.statement.startsWith('CREATE UNIQUE INDEX') && isNarrowing(tag, b.statement)),
          )
          .map((b) => `${tag}: ${b.reason}: ${b.statement}`),
      );
    expect(breaches).toEqual([]);
  });

  it('lets an expand step through: nullable columns, defaults, new tables, enum values, indexes, a backfill', () => {
    const expand = [
      'ALTER TABLE "messages" ADD COLUMN "note" text;',
      'ALTER TABLE "users" ADD COLUMN "flag" boolean DEFAULT false NOT NULL;',
      'ALTER TABLE "messages" ADD COLUMN "folded" text GENERATED ALWAYS AS (lower("body")) STORED NOT NULL;',
      'CREATE TABLE "pins" (\n\t"message_id" uuid PRIMARY KEY NOT NULL,\n\t"code" text NOT NULL\n);',
      'ALTER TABLE "pins" ADD CONSTRAINT "pins_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;',
      'ALTER TABLE "pins" ADD CONSTRAINT "pins_code_unique" UNIQUE("code");',
      'CREATE UNIQUE INDEX "pins_code_key" ON "pins" USING btree ("code");',
      `ALTER TYPE "public"."message_content_type" ADD VALUE 'poll';`,
      'CREATE INDEX "messages_note_idx" ON "messages" USING btree ("note");',
      'DROP INDEX "messages_old_idx";',
      'ALTER TABLE "messages" drop column "folded";',
      'ALTER TABLE "messages" ADD COLUMN "folded" text GENERATED ALWAYS AS (lower("caption")) STORED NOT NULL;',
      `UPDATE "messages" SET "note" = '';`,
    ].join('--> statement-breakpoint\n');
    expect(contractingStatements(expand)).toEqual([]);
  });

  it('judges past migrations as it would judge new ones', () => {
    const judged = (tag: string) => contractingStatements(readFileSync(path.join(migrationsFolder(), `${tag}.sql`), 'utf8'));
    expect(judged('0020_sso')).toEqual([]);
    expect(judged('0022_files_and_voice_notes')).toEqual([]);
    expect(judged('0013_group_receipt_marks').map((b) => b.reason)).toContain('apaga uma tabela que a versão anterior lê');
  });

  it('names what the previous release would trip over', () => {
    const reasons = (statement: string) => contractingStatements(statement).map((b) => b.reason);
    expect(reasons('ALTER TABLE "messages" DROP COLUMN "caption";')).toEqual(['apaga uma coluna que a versão anterior lê']);
    expect(reasons('DROP TABLE "group_receipts" CASCADE;')).toHaveLength(1);
    expect(reasons('ALTER TABLE "users" RENAME COLUMN "nick_name" TO "nickname";')).toHaveLength(1);
    expect(reasons('ALTER TABLE "messages" ALTER COLUMN "body" SET NOT NULL;')).toHaveLength(1);
    expect(reasons('ALTER TABLE "messages" ALTER COLUMN "body" SET DATA TYPE varchar(100);')).toHaveLength(1);
    expect(reasons('ALTER TABLE "users" ADD COLUMN "code" text NOT NULL;')).toHaveLength(1);
    expect(reasons('ALTER TABLE "users" ADD CONSTRAINT "users_code_unique" UNIQUE("code");')).toHaveLength(1);
    expect(reasons('CREATE UNIQUE INDEX "users_code_key" ON "users" USING btree ("code");')).toHaveLength(1);
    // Only over rows where a column this migration adds is set: the previous release writes none.
    expect(
      reasons(
        'ALTER TABLE "users" ADD COLUMN "code" text;--> statement-breakpoint\nCREATE UNIQUE INDEX "users_code_key" ON "users" USING btree ("code") WHERE "users"."code" IS NOT NULL;',
      ),
    ).toEqual([]);
    expect(reasons('CREATE UNIQUE INDEX "users_code_key" ON "users" USING btree ("code") WHERE "users"."code" IS NOT NULL;')).toHaveLength(
      1,
    );
    expect(
      reasons(
        'CREATE TABLE "pins" ("message_id" uuid NOT NULL);--> statement-breakpoint\nALTER TABLE "pins" ADD CONSTRAINT "f" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;',
      ),
    ).toHaveLength(1);
  });
});
