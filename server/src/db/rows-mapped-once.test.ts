import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { createTeam } from '../test/chat-helpers';
import { createTestApp, type TestApp } from '../test/harness';
import { rowsMappedOnce } from './rows-mapped-once';
import { users, workspaces } from './schema';

// rowsMappedOnce gives exactly what drizzle's own mapping gives: nested objects, column and `sql`
// decoders, and the object of a left-joined table nulled when the join found nothing (ROOT has no
// workspace).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await createTeam(t.app, ['Ana Mapa', 'Bruno Mapa']);
});
afterAll(() => t?.close());

describe('rowsMappedOnce', () => {
  it('maps rows as drizzle does, left joins and sql fields included', async () => {
    const select = (name: string) =>
      t.app.ctx.db
        .select({
          user: { id: users.id, name: users.name, createdAt: users.createdAt, role: users.role },
          workspace: { id: workspaces.id, name: workspaces.name },
          shout: sql<string>`upper(${users.name})`,
          since: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
        })
        .from(users)
        .leftJoin(workspaces, eq(workspaces.id, users.workspaceId))
        .orderBy(asc(users.name))
        .prepare(name);
    const byDrizzle = await select('mapped_by_drizzle').execute();
    const once = await rowsMappedOnce(select('mapped_once')).execute();

    expect(once).toEqual(byDrizzle);
    expect(once.length).toBeGreaterThanOrEqual(3);
    expect(once.find((r) => r.user.role === 'ROOT')!.workspace).toBeNull();
    const ana = once.find((r) => r.user.name === 'Ana Mapa')!;
    expect(ana.workspace).toEqual({ id: expect.any(String), name: expect.any(String) });
    expect(ana.since).toBeInstanceOf(Date);
    expect(ana.since).toEqual(ana.user.createdAt);
    expect(ana.shout).toBe('ANA MAPA');
  });

  it('refuses what is not a prepared select', () => {
    expect(() => rowsMappedOnce({})).toThrow('not a prepared select');
  });
});
