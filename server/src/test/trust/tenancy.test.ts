import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type TestUser } from '../chat-helpers';
import { createTestApp, type TestApp } from '../harness';
import { listen, settle } from '../socket-helpers';
import { isPortugueseMessage } from './portuguese';
import { type Access, isDocsAsset, nextNonce, PUBLIC_ROUTES, ROUTE_TEMPLATES, type RouteTemplate, type SlotKind } from './route-templates';
import { diffSnapshots, snapshotRows } from './table-snapshot';
import { createTenant, type Tenant } from './tenancy-fixtures';

// Tenancy proved over Fastify's own route list. Members of workspace B call every route
// with ids of workspace A, one id at a time (the rest of the request is B's own and valid), and
// B's USER and ADMIN call the routes above their role: every answer refuses (403/404, Portuguese
// message), no answer carries anything of A, and A's rows are byte for byte what they were.

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createTenant(t.app, 'Alfa');
  b = await createTenant(t.app, 'Beta');
}, 60_000);
afterAll(() => t?.close());

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const kindsIn = (template: RouteTemplate) => [
  ...new Set([...JSON.stringify([template.url, template.body ?? null]).matchAll(PLACEHOLDER)].map((m) => m[1] as SlotKind)),
];

/** The template with every placeholder filled from `own`, except `foreign` filled from `other`. */
function fill(template: RouteTemplate, own: Tenant, other: Tenant, foreign: SlotKind | null): { url: string; body?: unknown } {
  const value = (kind: string) => encodeURIComponent((kind === foreign ? other : own).slots[kind as SlotKind]);
  const url = template.url.replace(PLACEHOLDER, (_m, kind: string) => value(kind));
  if (template.body === undefined) return { url };
  const body = JSON.parse(
    JSON.stringify(template.body).replace(PLACEHOLDER, (_m, kind: string) => (kind === foreign ? other : own).slots[kind as SlotKind]),
  );
  return { url, body };
}

const ROLE_RANK: Record<Access | 'USER', number> = { USER: 0, MEMBER: 0, ADMIN: 1, ROOT: 2 };

interface Finding {
  request: string;
  problem: string;
}

/** The leaks and wrong answers of one request; `mustRefuse` when the request names something of A or is above the caller's role. */
function inspect(res: LightMyRequestResponse, request: string, mustRefuse: boolean, marks: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const leaked = marks.filter((mark) => res.body.includes(mark));
  if (leaked.length > 0) findings.push({ request, problem: `${res.statusCode} traz dados de A: ${leaked.join(', ')}` });
  if (res.statusCode >= 500) findings.push({ request, problem: `${res.statusCode} ${res.body}` });
  if (mustRefuse && res.statusCode !== 403 && res.statusCode !== 404)
    findings.push({ request, problem: `não recusou: ${res.statusCode} ${res.body}` });
  if (res.statusCode >= 400 && !isPortugueseMessage(res.body)) findings.push({ request, problem: `mensagem fora do padrão: ${res.body}` });
  return findings;
}

describe('tenancy over every registered route', () => {
  it('every route is walked or listed as public with a reason', () => {
    const unclassified = t.app.routeCatalog
      .filter((r) => r.method !== 'HEAD' && !isDocsAsset(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !ROUTE_TEMPLATES[key] && !PUBLIC_ROUTES[key]);
    expect(unclassified).toEqual([]);
  });

  it('B calling with A’s ids, and roles calling above themselves: refused, nothing of A leaks or changes', async () => {
    const before = await snapshotRows(t.app, [a.workspaceId, ...a.marks.filter((m) => /^[0-9a-f-]{36}$/.test(m))]);
    const callers: Array<{ user: TestUser; role: 'USER' | 'ADMIN' }> = [
      { user: b.member, role: 'USER' },
      { user: b.admin, role: 'ADMIN' },
    ];
    const routes = t.app.routeCatalog.filter((r) => r.method !== 'HEAD' && ROUTE_TEMPLATES[`${r.method} ${r.url}`]);
    const findings: Finding[] = [];
    let requests = 0;
    for (const route of routes) {
      for (const entry of ROUTE_TEMPLATES[`${route.method} ${route.url}`]!) {
        for (const caller of callers) {
          const template = typeof entry === 'function' ? entry() : entry;
          const aboveRole = ROLE_RANK[template.access] > ROLE_RANK[caller.role];
          // Search terms are text, not ids: a search with A's names must answer, with nothing of A.
          const swaps: Array<SlotKind | null> = [
            ...kindsIn(template).filter((k) => k !== 'term'),
            ...(aboveRole || kindsIn(template).includes('term') ? [null] : []),
          ];
          if (swaps.length === 0) swaps.push(null);
          if (kindsIn(template).includes('term')) swaps.push('term');
          for (const foreign of swaps) {
            const fresh = typeof entry === 'function' ? entry() : template;
            const { url, body } = fill(fresh, b, a, foreign);
            const res = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: { authorization: `Bearer ${caller.user.token}` },
              ...(body === undefined ? {} : { payload: body as object }),
            });
            requests += 1;
            const mustRefuse = aboveRole || (foreign !== null && foreign !== 'term');
            findings.push(...inspect(res, `${caller.role} ${route.method} ${url} [A:${foreign ?? '-'}]`, mustRefuse, a.marks));
          }
        }
      }
    }
    const changes = diffSnapshots(before, await snapshotRows(t.app, [a.workspaceId, ...a.marks.filter((m) => /^[0-9a-f-]{36}$/.test(m))]));
    console.info(
      `tenancy: ${routes.length} rotas percorridas, ${requests} requisições, ${findings.length} vazamentos/falhas, ${changes.length} linhas de A alteradas, ${Object.keys(PUBLIC_ROUTES).length} rotas públicas isentas`,
    );
    expect(findings).toEqual([]);
    expect(changes).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('the proof sees a leak: A’s own member reading A’s conversation is flagged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/conversation/get-by-id/${a.slots.conversation}`,
      headers: { authorization: `Bearer ${a.member.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(inspect(res, 'controle', true, a.marks).length).toBeGreaterThan(0);
  });
});

describe('tenancy of what a request body names', () => {
  it('A’s upload in B’s message or avatar: refused like an unknown file; nothing of A changes', async () => {
    const ids = [a.workspaceId, ...a.marks.filter((m) => /^[0-9a-f-]{36}$/.test(m))];
    const before = await snapshotRows(t.app, ids);
    const unknown = a.mediaUrl.replace(/[0-9a-f]{12}-/, '000000000000-');
    const answer = async (url: string) => {
      const sent = await as(t.app, b.member).post('/message/send', {
        conversationId: b.slots.conversation,
        isGroup: false,
        content: { type: 'image', body: url },
        clientId: nextNonce(),
      });
      const avatar = await as(t.app, b.member).patch('/user/update', { avatarUrl: url });
      return [sent.statusCode, sent.json().message, avatar.statusCode, avatar.json().message];
    };
    const foreign = await answer(a.mediaUrl);
    expect(foreign).toEqual(await answer(unknown));
    expect(foreign[0]).toBe(400);
    expect(diffSnapshots(before, await snapshotRows(t.app, ids))).toEqual([]);
  });

  it('A’s e-mails and nickNames named by B: answered as for anyone, naming nothing of A', async () => {
    const ids = [a.workspaceId, ...a.marks.filter((m) => /^[0-9a-f-]{36}$/.test(m))];
    const before = await snapshotRows(t.app, ids);
    const fresh = await as(t.app, b.admin).post('/user/invite', { email: `${nextNonce()}@ninguem.chat` });
    const foreign = await as(t.app, b.admin).post('/user/invite', { email: a.member.email });
    expect([foreign.statusCode, foreign.json().message]).toEqual([fresh.statusCode, fresh.json().message]);
    const localNick = await as(t.app, b.member).patch('/user/update', { nickName: b.peer.nickName });
    const foreignNick = await as(t.app, b.member).patch('/user/update', { nickName: a.member.nickName });
    expect(foreignNick.json()).toEqual(localNick.json());
    const localEmail = await as(t.app, b.admin).patch(`/user/update/${b.member.id}`, { email: b.peer.email });
    const foreignEmail = await as(t.app, b.admin).patch(`/user/update/${b.member.id}`, { email: a.member.email });
    expect(foreignEmail.json()).toEqual(localEmail.json());
    for (const res of [foreign, foreignNick, foreignEmail]) {
      expect(a.marks.filter((mark) => res.body.includes(mark))).toEqual([]);
    }
    expect(diffSnapshots(before, await snapshotRows(t.app, ids))).toEqual([]);
  });
});

describe('tenancy of the socket events', () => {
  it('B’s socket naming A’s conversations, group and users: dropped, nothing reaches A, nothing changes', async () => {
    const ids = [a.workspaceId, ...a.marks.filter((m) => /^[0-9a-f-]{36}$/.test(m))];
    const [aMember, aPeer, intruder] = await Promise.all([listen(t.app, a.member), listen(t.app, a.peer), listen(t.app, b.member)]);
    try {
      // After A's own sockets connected: their connection marks A's messages delivered.
      await settle(t.app, [aMember, aPeer, intruder]);
      const before = await snapshotRows(t.app, ids);
      aMember.events.length = 0;
      aPeer.events.length = 0;
      const aUsers = [a.member.id, a.peer.id, a.admin.id];
      const emits: Array<[string, unknown]> = [];
      for (const conversationId of [a.slots.conversation, a.slots.group]) {
        emits.push(['user:typing', { conversationId, isTyping: true, targetUsersIds: aUsers }]);
        emits.push(['message:read', { conversationId }]);
        emits.push(['message:read:all', { conversationId }]);
      }
      for (const userId of aUsers) emits.push(['checkUserStatus', { userId }]);
      emits.push(['group:read', { groupId: a.slots.group }]);
      // A's ids inside B's own conversation: the targets must be B's participants, not whoever is named.
      emits.push(['user:typing', { conversationId: b.slots.conversation, isTyping: true, targetUsersIds: aUsers }]);
      for (const [event, payload] of emits) intruder.socket.emit(event, payload);
      // The server handles one socket's events in order: a last checkUserStatus about B itself
      // answers after all of them were handled.
      const done = new Promise((resolve) => intruder.socket.once('userStatusResponse', resolve));
      intruder.socket.emit('checkUserStatus', { userId: b.peer.id });
      await done;
      await settle(t.app, [aMember, aPeer, intruder]);
      const reachedA = [...aMember.events, ...aPeer.events].filter((e) => e.event !== 'userStatus');
      const toIntruder = intruder.events.filter(
        (e) => JSON.stringify(e.payload).includes(a.member.id) || JSON.stringify(e.payload).includes(a.peer.id),
      );
      console.info(`tenancy (socket): ${emits.length} eventos de B sobre A, ${reachedA.length + toIntruder.length} vazamentos`);
      expect(reachedA).toEqual([]);
      expect(toIntruder).toEqual([]);
      expect(diffSnapshots(before, await snapshotRows(t.app, ids))).toEqual([]);

      // Control: the same read from A's own peer does reach A's sender and changes A's rows.
      const arrived = new Promise((resolve) => aMember.socket.once('message:read:response', resolve));
      aPeer.socket.emit('message:read', { conversationId: a.slots.conversation });
      await arrived;
      expect(diffSnapshots(before, await snapshotRows(t.app, ids)).length).toBeGreaterThan(0);
    } finally {
      for (const l of [aMember, aPeer, intruder]) l.socket.disconnect();
    }
  });
});
