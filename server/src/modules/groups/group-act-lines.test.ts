import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Group } from '@chat/contracts';
import { as, createTeam, expectStatus, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

// A group act and the system line that records it commit together: when the line cannot be
// written, the act does not happen either. The database itself refuses the line (a trigger), as a
// crash between the two writes would leave it unwritten.

let t: TestApp;
let admin: TestUser, member: TestUser, other: TestUser, newcomer: TestUser;
let group: Group;

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  [admin, member, other, newcomer] = await createTeam(t.app, ['Ada Admin', 'Mel Membro', 'Oto Outro', 'Nina Nova']);
  group = expectStatus<Group>(
    await as(t.app, admin).post('/group/create', { name: 'Equipe Alfa', description: '', members: [member.id, other.id] }),
    200,
  );
});
afterAll(() => t?.close());

const db = () => t.app.ctx.db;

async function refuseSystemLines(): Promise<void> {
  await db().execute(sql`
    CREATE OR REPLACE FUNCTION refuse_system_line() RETURNS trigger AS $$
    BEGIN
      IF NEW.content_type = 'system' THEN RAISE EXCEPTION 'linha recusada no teste'; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`);
  await db().execute(sql`CREATE TRIGGER refuse_system_line BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_system_line()`);
}

async function allowSystemLines(): Promise<void> {
  await db().execute(sql`DROP TRIGGER IF EXISTS refuse_system_line ON messages`);
}

/** The group as the database holds it: name, photo, members and admins, and its system lines. */
async function stateOf(groupId: string) {
  const [row] = (
    await db().execute<{ name: string; avatar: string | null }>(sql`SELECT name, avatar_url AS avatar FROM groups WHERE id = ${groupId}`)
  ).rows;
  const members = (
    await db().execute<{ user_id: string; is_admin: boolean }>(
      sql`SELECT user_id, is_admin FROM group_members WHERE group_id = ${groupId} ORDER BY user_id`,
    )
  ).rows;
  const [lines] = (
    await db().execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE group_id = ${groupId} AND content_type = 'system'`)
  ).rows;
  return { ...row, members, lines: Number(lines!.n) };
}

describe('a group act whose system line cannot be written', () => {
  it('changes nothing: rename, promote, add, remove and leave all roll back', async () => {
    const before = await stateOf(group.id);
    await refuseSystemLines();
    try {
      const acts = [
        as(t.app, admin).patch(`/group/update/${group.id}`, { name: 'Equipe Beta', description: '' }),
        as(t.app, admin).post(`/group/add-admin/${group.id}`, { newAdminId: member.id }),
        as(t.app, admin).post(`/group/add-member/${group.id}`, { newMembersIds: [newcomer.id] }),
        as(t.app, admin).post(`/group/remove-member/${group.id}`, { memberId: other.id }),
        as(t.app, other).post(`/group/leave/${group.id}`),
      ];
      for (const act of acts) expect((await act).statusCode).toBe(500);
      const created = await as(t.app, admin).post('/group/create', { name: 'Equipe Gama', description: '', members: [member.id] });
      expect(created.statusCode).toBe(500);
    } finally {
      await allowSystemLines();
    }
    expect(await stateOf(group.id)).toEqual(before);
    const gama = await db().execute(sql`SELECT id FROM groups WHERE name = 'Equipe Gama'`);
    expect(gama.rows).toHaveLength(0);
  });

  it('records each act once the line can be written again', async () => {
    const before = await stateOf(group.id);
    expectStatus(await as(t.app, admin).post(`/group/add-admin/${group.id}`, { newAdminId: member.id }), 200);
    expectStatus(await as(t.app, other).post(`/group/leave/${group.id}`), 200);
    const after = await stateOf(group.id);
    expect(after.lines).toBe(before.lines + 2);
    expect(after.members.find((m) => m.user_id === member.id)?.is_admin).toBe(true);
    expect(after.members.some((m) => m.user_id === other.id)).toBe(false);
  });
});
