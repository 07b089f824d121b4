import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationsFolder } from '../config/paths';
import { allMessages } from '../modules/messages/messages.repository';
import { insertTeam, type MigrationEngine, migrationsUpTo, openMigrationEngine } from '../test/migrations';

// The data step of the migration that gave each group its read floor: a group message is READ by
// the floor now, not by its row, and the floor starts where the messages marked READ and the
// members' read watermarks had got to, whichever is further. On the suite's engine.

const LAST_BEFORE = '0017_image_captions';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [WORKSPACE, GROUP, QUIET] = [id(1), id(2), id(3)];
const [ANA, BRUNO, CARLA] = [id(11), id(12), id(13)];
const M = [id(21), id(22), id(23), id(24)];

let engine: MigrationEngine;
let before: string;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await engine.db.execute(query)) as unknown as { rows: T[] }).rows;

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
  await db.execute(
    sql`INSERT INTO groups (id, workspace_id, name) VALUES (${GROUP}, ${WORKSPACE}, 'Grupo'), (${QUIET}, ${WORKSPACE}, 'Quieto')`,
  );
  // ana wrote four messages; the first two were marked READ.
  for (const [i, m] of M.entries()) {
    await db.execute(sql`INSERT INTO messages (id, author_id, group_id, body, status, client_id)
      VALUES (${m}, ${ANA}, ${GROUP}, ${`m${i}`}, ${i < 2 ? 'READ' : 'DELIVERED'}, ${`c${i}`})`);
  }
  const seqs = await rows<{ seq: string }>(sql`SELECT seq::text AS seq FROM messages ORDER BY seq`);
  const seq = (i: number) => Number(seqs[i]!.seq);
  // Since then every member read the third (carla is the lowest), but the completion had not run.
  await db.execute(sql`INSERT INTO group_members (group_id, user_id, is_admin, read_seq, delivered_seq)
    VALUES (${GROUP}, ${ANA}, true, ${seq(3)}, ${seq(3)}), (${GROUP}, ${BRUNO}, false, ${seq(3)}, ${seq(3)}),
      (${GROUP}, ${CARLA}, false, ${seq(2)}, ${seq(3)}), (${QUIET}, ${ANA}, true, 0, 0)`);
  await engine.migrate(migrationsFolder());
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

it("starts each group's read floor where its reads had got to, rewriting no message", async () => {
  const floors = await rows<{ id: string; floor: string }>(sql`SELECT id, read_floor_seq::text AS floor FROM groups ORDER BY id`);
  const third = await rows<{ seq: string }>(sql`SELECT seq::text AS seq FROM messages WHERE id = ${M[2]}`);
  expect(floors).toEqual([
    { id: GROUP, floor: third[0]!.seq },
    { id: QUIET, floor: '0' },
  ]);
  const stored = await rows<{ status: string }>(sql`SELECT status FROM messages ORDER BY seq`);
  expect(stored.map((r) => r.status)).toEqual(['READ', 'READ', 'DELIVERED', 'DELIVERED']);
  // What the history says: READ up to the floor, the sent status after it.
  expect((await allMessages(engine.db, { groupId: GROUP })).map((m) => m.message.status)).toEqual(['READ', 'READ', 'READ', 'DELIVERED']);
});
