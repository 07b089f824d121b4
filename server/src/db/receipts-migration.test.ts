import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../config/paths';
import { viewerGroupStates } from '../modules/groups/groups.repository';
import { receiptsOf } from '../modules/messages/group-receipts.repository';
import { insertTeam, type MigrationEngine, migrationsUpTo, openMigrationEngine } from '../test/migrations';

// The data step of the migration that replaced group_receipts (one row per member per message)
// with watermarks and minute marks: a database migrated up to the migration before it gets receipts
// the old way, then the rest of the migrations run, and 'Lida por', the unread counts and READ
// follow from what the receipts said. On the suite's engine.

const LAST_BEFORE = '0012_group_member_limit';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [WORKSPACE, GROUP] = [id(1), id(2)];
const [ANA, BRUNO, CARLA] = [id(11), id(12), id(13)];
const M = [id(21), id(22), id(23), id(24)];

let engine: MigrationEngine;
let before: string;

beforeAll(async () => {
  engine = await openMigrationEngine();
  before = migrationsUpTo(LAST_BEFORE);
  await engine.migrate(before);
  const { db } = engine;
  await insertTeam(db, WORKSPACE, [
    [ANA, 'Ana'],
    [BRUNO, 'Bruno'],
    [CARLA, 'Carla'],
  ]);
  await db.execute(sql`INSERT INTO groups (id, workspace_id, name) VALUES (${GROUP}, ${WORKSPACE}, 'Grupo')`);
  await db.execute(sql`INSERT INTO group_members (group_id, user_id, is_admin, created_at)
    VALUES (${GROUP}, ${ANA}, true, '2025-01-01T09:00:00Z'), (${GROUP}, ${BRUNO}, false, '2025-01-01T09:00:00Z'),
      (${GROUP}, ${CARLA}, false, '2025-01-01T09:00:00Z')`);
  // ana wrote four messages, one a minute; they were delivered at once.
  for (const [i, m] of M.entries()) {
    await db.execute(sql`INSERT INTO messages (id, author_id, group_id, body, status, client_id, created_at)
      VALUES (${m}, ${ANA}, ${GROUP}, ${`m${i}`}, 'DELIVERED', ${`c${i}`}, ${`2025-01-01T10:0${i}:00Z`})`);
    for (const reader of [BRUNO, CARLA]) {
      await db.execute(
        sql`INSERT INTO group_receipts (message_id, user_id, delivered_at) VALUES (${m}, ${reader}, ${`2025-01-01T10:0${i}:10Z`})`,
      );
    }
  }
  // bruno read everything at 10:05 (the last two at 10:06); carla read the first two at 10:07.
  const read = (reader: string, messages: string[], at: string) =>
    db.execute(
      sql`UPDATE group_receipts SET read_at = ${at} WHERE user_id = ${reader} AND message_id IN (${sql.join(
        messages.map((m) => sql`${m}::uuid`),
        sql`, `,
      )})`,
    );
  await read(BRUNO, M.slice(0, 2), '2025-01-01T10:05:30Z');
  await read(BRUNO, M.slice(2), '2025-01-01T10:06:45Z');
  await read(CARLA, M.slice(0, 2), '2025-01-01T10:07:05Z');

  await engine.migrate(migrationsFolder());
  // A fresh embedded database runs initdb and every migration: longer than a hook's usual limit.
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

const seqOf = async (messageId: string) =>
  Number(
    (
      (await engine.db.execute(sql`SELECT seq::text AS seq, created_at FROM messages WHERE id = ${messageId}`)) as unknown as {
        rows: Array<{ seq: string }>;
      }
    ).rows[0]!.seq,
  );

async function people(index: number) {
  const seq = await seqOf(M[index]!);
  const result = await receiptsOf(engine.db, {
    id: M[index]!,
    groupId: GROUP,
    authorId: ANA,
    seq,
    createdAt: new Date(`2025-01-01T10:0${index}:00Z`),
  });
  return result.map((p) => ({ id: p.user.id, readAt: p.readAt?.toISOString() ?? null, deliveredAt: p.deliveredAt?.toISOString() ?? null }));
}

describe('migration of group_receipts to watermarks and marks', () => {
  it("keeps 'Lida por' and 'Entregue a' with each reader's minute", async () => {
    expect(await people(0)).toEqual([
      { id: BRUNO, readAt: '2025-01-01T10:05:00.000Z', deliveredAt: null },
      { id: CARLA, readAt: '2025-01-01T10:07:00.000Z', deliveredAt: null },
    ]);
    expect(await people(3)).toEqual([
      { id: CARLA, readAt: null, deliveredAt: '2025-01-01T10:03:00.000Z' },
      { id: BRUNO, readAt: '2025-01-01T10:06:00.000Z', deliveredAt: null },
    ]);
  });

  it('sets the watermarks and the unread counts from the receipts', async () => {
    const states = async (viewer: string) => (await viewerGroupStates(engine.db, viewer, [GROUP])).get(GROUP)!.unreadMessages;
    expect(await states(BRUNO)).toBe(0);
    expect(await states(CARLA)).toBe(2);
    // Her own messages are read by the author.
    expect(await states(ANA)).toBe(0);
  });

  it('turns READ what every member had read, and drops the old table', async () => {
    const rows = (await engine.db.execute(sql`SELECT id, status FROM messages ORDER BY seq`)) as unknown as {
      rows: Array<{ id: string; status: string }>;
    };
    expect(rows.rows.map((r) => r.status)).toEqual(['READ', 'READ', 'DELIVERED', 'DELIVERED']);
    const table = (await engine.db.execute(sql`SELECT to_regclass('group_receipts')::text AS name`)) as unknown as {
      rows: Array<{ name: string | null }>;
    };
    expect(table.rows[0]!.name).toBeNull();
  });
});
