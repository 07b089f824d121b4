import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Group } from '@chat/contracts';
import { groupMembers, groups, messages } from '../../db/schema';
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
  const [row] = await db().select({ name: groups.name, avatarUrl: groups.avatarUrl }).from(groups).where(eq(groups.id, groupId));
  const members = await db()
    .select({ userId: groupMembers.userId, isAdmin: groupMembers.isAdmin })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.userId));
  const lines = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.groupId, groupId), eq(messages.contentType, 'system')));
  return { ...row, members, lines: lines.length };
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
        as(t.app, other).post(`/group/leave/${group.id}`, {}),
      ];
      for (const act of acts) expect((await act).statusCode).toBe(500);
      const created = await as(t.app, admin).post('/group/create', { name: 'Equipe Gama', description: '', members: [member.id] });
      expect(created.statusCode).toBe(500);
    } finally {
      await allowSystemLines();
    }
    expect(await stateOf(group.id)).toEqual(before);
    expect(await db().select({ id: groups.id }).from(groups).where(eq(groups.name, 'Equipe Gama'))).toEqual([]);
  });

  it('records each act once the line can be written again', async () => {
    const before = await stateOf(group.id);
    expectStatus(await as(t.app, admin).post(`/group/add-admin/${group.id}`, { newAdminId: member.id }), 200);
    expectStatus(await as(t.app, other).post(`/group/leave/${group.id}`, {}), 200);
    const after = await stateOf(group.id);
    expect(after.lines).toBe(before.lines + 2);
    expect(after.members.find((m) => m.userId === member.id)?.isAdmin).toBe(true);
    expect(after.members.some((m) => m.userId === other.id)).toBe(false);
  });
});
