import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES } from '../../app';
import { signIn } from '../auth-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../harness';
import { dbFingerprint } from './db-fingerprint';
import { hostileBody, hostileString, type JsonSchema } from './hostile-values';
import { isPortugueseMessage } from './portuguese';
import { isDocsAsset, ROUTE_TEMPLATES, type RouteTemplate, type SlotKind } from './route-templates';
import { createTenant, type Tenant } from './tenancy-fixtures';

// Bad input on every route, property based (fast-check). Each route of Fastify's list
// gets hostile bodies shaped by its JSON schema in the OpenAPI document, hostile path and query
// values, and fixed abuse (invalid UTF-8, deep nesting, a body over the limit, a wrong content
// type). Never a 5xx; every refusal has a Portuguese message and leaves every row as it was.

const NUM_RUNS = 25;
const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Valid examples for the public routes (the others come from ROUTE_TEMPLATES). */
const PUBLIC_EXAMPLES: Record<string, RouteTemplate> = {
  'GET /api/health': { access: 'MEMBER', url: '/api/health' },
  'GET /privacidade': { access: 'MEMBER', url: '/privacidade' },
  'POST /api/auth/signin': { access: 'MEMBER', url: '/api/auth/signin', body: { identifier: 'ninguem', password: 'senha-qualquer' } },
  'POST /api/refresh-token/use': { access: 'MEMBER', url: '/api/refresh-token/use', body: { refreshToken: 'x'.repeat(40) } },
  'POST /api/auth/signout': { access: 'MEMBER', url: '/api/auth/signout', body: { refreshToken: 'x'.repeat(40) } },
  'POST /api/password-token/create': { access: 'MEMBER', url: '/api/password-token/create', body: { email: 'ninguem@teste.chat' } },
  'PATCH /api/password-token/use': {
    access: 'MEMBER',
    url: '/api/password-token/use',
    body: { token: 'x'.repeat(40), newPassword: 'nova-senha-123' },
  },
  'POST /api/password-token/welcome': {
    access: 'MEMBER',
    url: '/api/password-token/welcome',
    body: { token: 'x'.repeat(40), newPassword: 'nova-senha-123' },
  },
  'POST /api/user/create-by-invite': {
    access: 'MEMBER',
    url: '/api/user/create-by-invite',
    body: { name: 'Pessoa', email: 'p@teste.chat', nickName: 'pessoa', password: 'senha-123-abc', inviteCode: 'x'.repeat(20) },
  },
  'GET /api/openapi.json': { access: 'MEMBER', url: '/api/openapi.json' },
  'GET /config.json': { access: 'MEMBER', url: '/config.json' },
  'GET /api/metrics': { access: 'MEMBER', url: '/api/metrics' },
  'GET /api/sso/lookup': { access: 'MEMBER', url: '/api/sso/lookup?email=pessoa%40empresa.com.br' },
  'GET /api/sso/callback': { access: 'MEMBER', url: '/api/sso/callback?code=abc&state=def' },
  'POST /api/sso/exchange': { access: 'MEMBER', url: '/api/sso/exchange', body: { code: 'x'.repeat(43) } },
  'GET /sso/:slug': { access: 'MEMBER', url: '/sso/equipe-demo' },
  'GET /api/email-digest/unsubscribe': {
    access: 'MEMBER',
    url: `/api/email-digest/unsubscribe?token=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.x`,
  },
  'POST /api/email-digest/unsubscribe': {
    access: 'MEMBER',
    url: `/api/email-digest/unsubscribe?token=${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.x`,
  },
  'POST /api/hooks/:token': { access: 'MEMBER', url: `/api/hooks/${'x'.repeat(43)}`, body: { text: 'oi' } },
};

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

let t: TestApp;
let b: Tenant;
let rootToken: string;
let doc: { paths: Record<string, Record<string, OpenApiOperation>> };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Percent-encoded for a URL; a lone surrogate has no UTF-8 form (invalid bytes in URLs are a fixed case below). */
const enc = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

// Module state is shared by the files one worker runs (the server suite runs without isolation):
// each suite starts its own counts.
const counts = { routes: 0, properties: 0, requests: 0, serverErrors: 0 };

/** Sends one request and checks it; returns the problems found (empty when fine). */
async function check(
  method: string,
  url: string,
  token: string | null,
  payload: { json?: unknown; raw?: string | Buffer; contentType?: string },
): Promise<string[]> {
  // Background work a previous request started (a data export) changes the database on its own time.
  await t.app.dataExportJobs.idle();
  const before = await dbFingerprint(t.app);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (payload.contentType) headers['content-type'] = payload.contentType;
  let res: LightMyRequestResponse;
  if (payload.raw !== undefined) res = await t.app.inject({ method: method as 'POST', url, headers, payload: payload.raw });
  else if (payload.json !== undefined)
    res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload.json),
    });
  else res = await t.app.inject({ method: method as 'GET', url, headers });
  counts.requests += 1;
  const problems: string[] = [];
  const label = `${method} ${url.slice(0, 120)} -> ${res.statusCode}`;
  if (res.statusCode >= 500) {
    counts.serverErrors += 1;
    problems.push(`${label} ${res.body.slice(0, 200)}`);
  }
  if (res.statusCode >= 400) {
    if (!isPortugueseMessage(res.body)) problems.push(`${label}: mensagem fora do padrão ${res.body.slice(0, 200)}`);
    await t.app.dataExportJobs.idle();
    if ((await dbFingerprint(t.app)) !== before) problems.push(`${label}: recusada, mas alterou o banco`);
  }
  return problems;
}

/** The ":param" form of a template's route -> "{param}", as the OpenAPI document writes it. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The proof for part `part` (1-based) of `parts`: every parts-th route of Fastify's list, and the
 * x-api-key property in the last part.
 */
export function badInputSuite(part: number, parts: number) {
  beforeAll(async () => {
    Object.assign(counts, { routes: 0, properties: 0, requests: 0, serverErrors: 0 });
    t = await createTestApp({ seedDemo: false });
    b = await createTenant(t.app, 'Beta');
    rootToken = (await signIn(t.app, 'root', TEST_ROOT_PASSWORD)).accessToken;
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  }, 60_000);
  afterAll(() => t?.close());

  describe(`bad input on every route (part ${part} of ${parts})`, () => {
    it('hostile bodies, paths and queries: never a 5xx, Portuguese refusals that change nothing', async () => {
      console.info(`bad-input: semente fast-check ${SEED} (repita com FC_SEED=${SEED})`);
      const all = t.app.routeCatalog.filter((r) => r.method !== 'HEAD' && !isDocsAsset(r.url) && !r.url.startsWith('/media/'));
      expect(all.length).toBeGreaterThan(45);
      const routes = all.filter((_route, index) => index % parts === part - 1);
      const problems: string[] = [];
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const entry = ROUTE_TEMPLATES[key]?.[0] ?? PUBLIC_EXAMPLES[key];
        expect(entry, `${key} sem exemplo`).toBeDefined();
        const template = typeof entry === 'function' ? entry() : entry!;
        const token = PUBLIC_EXAMPLES[key] ? null : template.access === 'ROOT' ? rootToken : b.admin.token;
        const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
        const schema = operation?.requestBody?.content?.['application/json']?.schema;
        const hasBody = template.body !== undefined || schema !== undefined;
        // A DELETE with the caller's own ids would succeed and remove the fixtures: its ids are always hostile.
        const keepOwn = route.method === 'DELETE' ? fc.constant(false) : fc.boolean();
        const own = (kind: string) => encodeURIComponent(b.slots[kind as SlotKind]);
        counts.routes += 1;
        counts.properties += 1;
        await fc.assert(
          fc.asyncProperty(
            keepOwn,
            hostileString(),
            hostileString(),
            hasBody ? hostileBody(schema, template.body) : fc.constant(undefined),
            async (ownIds, idValue, extra, body) => {
              const filled = template.url.replace(PLACEHOLDER, (_m, kind: string) => (ownIds ? own(kind) : enc(idValue)));
              const url = `${filled}${filled.includes('?') ? '&' : '?'}extra=${enc(extra)}`;
              const found = await check(route.method, url, token, hasBody ? { json: body } : {});
              if (found.length > 0) throw new Error(found.join('\n'));
            },
          ),
          { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
        );
        // Fixed abuse, once per route.
        const url = template.url.replace(PLACEHOLDER, (_m, kind: string) => own(kind));
        const fixed: Array<{ url: string; payload: Parameters<typeof check>[3]; status?: number }> = [
          { url: `${url}${url.includes('?') ? '&' : '?'}q=%ff%fe%`, payload: {} },
        ];
        if (hasBody) {
          fixed.push(
            {
              url,
              payload: {
                raw: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
                contentType: 'application/json',
              },
            },
            { url, payload: { raw: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' } },
            { url, payload: { raw: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, contentType: 'application/json' } },
            { url, payload: { raw: '{"a":1', contentType: 'application/json' } },
            { url, payload: { raw: 'name=x', contentType: 'application/x-www-form-urlencoded' } },
            { url, payload: { raw: `{"a":"${'x'.repeat(API_BODY_LIMIT_BYTES + 1)}"}`, contentType: 'application/json' }, status: 413 },
          );
        }
        for (const abuse of fixed) {
          const before = counts.requests;
          problems.push(...(await check(route.method, abuse.url, token, abuse.payload)));
          expect(counts.requests).toBe(before + 1);
        }
        const tooLarge = fixed.find((f) => f.status === 413);
        if (tooLarge) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: tooLarge.url,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            payload: tooLarge.payload.raw,
          });
          counts.requests += 1;
          if (res.statusCode !== 413) problems.push(`${route.method} ${url}: corpo acima do limite respondeu ${res.statusCode}`);
        }
      }
      console.info(
        `bad-input: ${counts.routes} rotas, ${counts.properties} propriedades (${NUM_RUNS} execuções cada), ${counts.requests} requisições, ${counts.serverErrors} respostas 5xx`,
      );
      expect(problems).toEqual([]);
      expect(counts.serverErrors).toBe(0);
      expect(counts.routes).toBe(routes.length);
      // Its share of the routes, one request after another, each with two database fingerprints:
      // minutes on a busy machine, and more with each new route.
    }, 300_000);

    it.runIf(part === parts)(
      'hostile x-api-key values: 401, or 429 once the address has failed too often; Portuguese, nothing changed',
      async () => {
        // Header values travel as visible ASCII; whatever else a string holds is dropped here.
        const headerSafe = hostileString().map((value) => value.replace(/[^\x21-\x7e]/g, ''));
        const shaped = fc.constantFrom(`papo_${'Z'.repeat(32)}`, 'abcDEF123xyz', `papo_${'Z'.repeat(31)}`, 'x'.repeat(5000), '');
        const statuses = new Set<number>();
        await fc.assert(
          fc.asyncProperty(fc.oneof(headerSafe, shaped), async (value) => {
            const before = await dbFingerprint(t.app);
            const res = await t.app.inject({
              method: 'GET',
              url: '/api/conversation/get-conversations',
              headers: { 'x-api-key': value },
              remoteAddress: '10.66.0.1',
            });
            statuses.add(res.statusCode);
            if (![401, 429].includes(res.statusCode))
              throw new Error(`x-api-key ${JSON.stringify(value.slice(0, 60))} -> ${res.statusCode}`);
            if (!isPortugueseMessage(res.body)) throw new Error(`mensagem fora do padrão: ${res.body.slice(0, 200)}`);
            if ((await dbFingerprint(t.app)) !== before) throw new Error('recusada, mas alterou o banco');
          }),
          { numRuns: 40, seed: SEED, endOnFailure: true },
        );
        // 40 failures from one address: past the per-IP allowance of failed keys.
        expect([...statuses].sort()).toEqual([401, 429]);
      },
    );
  });
}
