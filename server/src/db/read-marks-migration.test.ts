import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsFolder } from '../config/paths';
import { receiptsOf } from '../modules/messages/group-receipts.repository';
import { insertTeam, type MigrationEngine, migrationsUpTo, openMigrationEngine } from '../test/migrations';

// The data step of the migration after which a member's read marks are ranges without gaps: a
// read_seq moved past the member's last mark without one (their own newest message counted as
// read) gets the tail's mark, so 'Lida por' keeps each reader's minute. On the suite's engine.

const LAST_BEFORE = '0018_group_read_floor';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [WORKSPACE, GROUP] = [id(1), id(2)];
const [ANA, BRUNO, CARLA] = [id(11), id(12), id(13)];
const M = [id(21), id(22), id(23), id(24)];

let engine: MigrationEngine;
let before: string;
const seqs: number[] = [];

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
  // ana wrote three messages, one a minute from 10:00; bruno answered at 10:03.
  for (const [i, m] of M.entries()) {
    await db.execute(sql`INSERT INTO messages (id, author_id, group_id, body, status, client_id, created_at)
      VALUES (${m}, ${i < 3 ? ANA : BRUNO}, ${GROUP}, ${`m${i}`}, 'DELIVERED', ${`c${i}`}, ${`2025-01-01T10:0${i}:30Z`})`);
  }
  const rows = (await db.execute(sql`SELECT seq::text AS seq FROM messages ORDER BY seq`)) as unknown as { rows: Array<{ seq: string }> };
  seqs.push(...rows.rows.map((r) => Number(r.seq)));
  // bruno's marks end at the second message, read at 10:05; his answer moved his read_seq past
  // the third without a mark. carla read the first two at 10:07.
  await db.execute(sql`INSERT INTO group_members (group_id, user_id, is_admin, read_seq, delivered_seq)
    VALUES (${GROUP}, ${ANA}, true, ${seqs[3]}, ${seqs[3]}), (${GROUP}, ${BRUNO}, false, ${seqs[3]}, ${seqs[3]}),
      (${GROUP}, ${CARLA}, false, ${seqs[1]}, ${seqs[3]})`);
  await db.execute(sql`INSERT INTO group_receipt_marks (group_id, user_id, kind, at, from_seq, seq)
    VALUES (${GROUP}, ${BRUNO}, 'read', '2025-01-01T10:05:00Z', 0, ${seqs[1]}),
      (${GROUP}, ${CARLA}, 'read', '2025-01-01T10:07:00Z', 0, ${seqs[1]})`);
  await engine.migrate(migrationsFolder());
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

async function people(index: number) {
  const result = await receiptsOf(engine.db, {
    id: M[index]!,
    groupId: GROUP,
    authorId: ANA,
    seq: seqs[index]!,
    createdAt: new Date(`2025-01-01T10:0${index}:30Z`),
  });
  return result.map((p) => ({ id: p.user.id, readAt: p.readAt?.toISOString() ?? null, deliveredAt: p.deliveredAt?.toISOString() ?? null }));
}

it("keeps each reader's minute in 'Lida por' where a read watermark had passed the last mark", async () => {
  expect(await people(1)).toEqual([
    { id: BRUNO, readAt: '2025-01-01T10:05:00.000Z', deliveredAt: null },
    { id: CARLA, readAt: '2025-01-01T10:07:00.000Z', deliveredAt: null },
  ]);
  // bruno read the third when he answered, at 10:03; carla has it delivered only.
  expect(await people(2)).toEqual([
    { id: CARLA, readAt: null, deliveredAt: '2025-01-01T10:02:30.000Z' },
    { id: BRUNO, readAt: '2025-01-01T10:03:00.000Z', deliveredAt: null },
  ]);
});
