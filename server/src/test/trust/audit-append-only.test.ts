import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { signIn } from '../auth-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../harness';
import { type Access, isDocsAsset, ROUTE_TEMPLATES, type RouteTemplate } from './route-templates';
import { createTenant, type Tenant } from './tenancy-fixtures';

// The activity log is append-only through the API: every route of Fastify's list, called as the
// role it is meant for with valid requests of its own workspace (and the sign-in, which writes
// entries), may add entries but never changes or removes one. Checked after each request, so a
// failure names the route.

let t: TestApp;
let tenant: Tenant;
let rootToken: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  tenant = await createTenant(t.app, 'Reg');
  await createTenant(t.app, 'Viz');
  rootToken = (await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

/** Count and hash of the entries up to `seq`, as stored. */
async function entriesUpTo(seq: number): Promise<string> {
  const result = (await t.app.ctx.db.execute(
    sql`SELECT count(*) || ':' || md5(coalesce(string_agg(a::text, '|' ORDER BY a.seq), '')) AS print FROM ${auditLog} a WHERE a.seq <= ${seq}`,
  )) as unknown as { rows: Array<{ print: string }> };
  return result.rows[0]!.print;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const fill = (text: string) => text.replace(PLACEHOLDER, (_m, kind: string) => tenant.slots[kind as keyof Tenant['slots']]);

function tokenFor(access: Access): string {
  if (access === 'ROOT') return rootToken;
  return access === 'ADMIN' ? tenant.admin.token : tenant.member.token;
}

describe('the activity log through every route', () => {
  it('every route leaves every existing entry as it was', async () => {
    const [last] = await t.app.ctx.db.select({ seq: sql<string>`max(${auditLog.seq})` }).from(auditLog);
    const upTo = Number(last!.seq);
    expect(upTo).toBeGreaterThan(0);
    const print = await entriesUpTo(upTo);
    const findings: string[] = [];
    let requests = 0;
    const send = async (method: string, url: string, token: string | null, body?: unknown) => {
      await t.app.inject({
        method: method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
      requests += 1;
      if ((await entriesUpTo(upTo)) !== print) findings.push(`${method} ${url}`);
    };
    const routes = t.app.routeCatalog.filter((r) => r.method !== 'HEAD' && !isDocsAsset(r.url) && ROUTE_TEMPLATES[`${r.method} ${r.url}`]);
    // Deleting routes last: the others still find the member, message and invite they name.
    const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
    for (const route of ordered) {
      for (const entry of ROUTE_TEMPLATES[`${route.method} ${route.url}`]!) {
        const template: RouteTemplate = typeof entry === 'function' ? entry() : entry;
        const body = template.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(template.body)));
        await send(route.method, fill(template.url), tokenFor(template.access), body);
        // The routes an ADMIN may call, ROOT may call too where it has its own reach (the log's).
        if (template.access === 'ADMIN') await send(route.method, fill(template.url), rootToken, body);
      }
    }
    await send('POST', '/api/auth/signin', null, { identifier: 'root@chat.local', password: TEST_ROOT_PASSWORD });
    console.info(`registro: ${ordered.length} rotas, ${requests} requisições, ${findings.length} alteraram entradas existentes`);
    expect(findings).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
    // The walk itself was recorded, appended after what was there.
    const [after] = await t.app.ctx.db.select({ seq: sql<string>`max(${auditLog.seq})` }).from(auditLog);
    expect(Number(after!.seq)).toBeGreaterThan(upTo);
  });

  it('the proof sees a change: an entry edited behind the API changes the print', async () => {
    const [last] = await t.app.ctx.db.select({ seq: sql<string>`max(${auditLog.seq})` }).from(auditLog);
    const print = await entriesUpTo(Number(last!.seq));
    await t.app.ctx.db.execute(sql`UPDATE ${auditLog} SET ip = '10.9.9.9' WHERE seq = (SELECT min(seq) FROM ${auditLog})`);
    expect(await entriesUpTo(Number(last!.seq))).not.toBe(print);
  });
});
