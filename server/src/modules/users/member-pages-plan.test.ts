import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createWorkspace } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementPlan } from '../../test/plans';
import { memberPageStatement } from './member-pages';

// A page of a large workspace's members walks the (workspace_id, name, id) index in order and stops
// at the page: no sort of the whole workspace, whatever page the cursor points at.

const BIG = 5_000;
const SMALL_WORKSPACES = 20;
const SMALL = 50;

let t: TestApp;
let bigWorkspace: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const { db } = t.app.ctx;
  bigWorkspace = await createWorkspace(t.app);
  const workspaces = [bigWorkspace];
  for (let w = 0; w < SMALL_WORKSPACES; w += 1) workspaces.push(await createWorkspace(t.app));
  const rows = workspaces.flatMap((workspaceId, w) =>
    Array.from({ length: w === 0 ? BIG : SMALL }, (_, i) => ({
      name: `Plano ${w}-${String(i).padStart(5, '0')}`,
      nickName: `pl${w}x${i}`,
      email: `pl${w}x${i}@plano.chat`,
      passwordHash: 'x',
      workspaceId,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) await db.insert(users).values(rows.slice(i, i + 1000));
  await db.execute(sql`ANALYZE users`);
}, 120_000);
afterAll(() => t?.close());

const planOf = (after: { name: string; id: string } | null, content: string) =>
  statementPlan(
    t.app.ctx.db,
    memberPageStatement(t.app.ctx.db, bigWorkspace, after, content, 51),
    {},
    { plan_cache_mode: 'force_custom_plan' },
  );

describe("a page of a large workspace's members", () => {
  it('the first page reads the index in order and stops at the page', async () => {
    const plan = await planOf(null, '');
    expect(plan).toContain('users_workspace_name_id_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('a page in the middle starts at the cursor inside the index', async () => {
    const plan = await planOf({ name: 'Plano 0-02500', id: '00000000-0000-4000-8000-000000000000' }, '');
    expect(plan).toContain('users_workspace_name_id_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
