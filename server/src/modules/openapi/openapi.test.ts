import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import type { RouteEntry } from './openapi';

// The API's description must cover every /api route. Routes are added by several
// modules: the test compares the document with what Fastify actually registered, never a list.

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

/** ":id" -> "{id}", as OpenAPI writes path parameters. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The /api routes (HEAD aside: Fastify adds one per GET) that the document does not describe. */
function undocumented(document: OpenApiDocument, routes: readonly RouteEntry[]): string[] {
  return routes
    .filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && !r.hidden)
    .filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
    .map((r) => `${r.method} ${r.url}`);
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 with both security schemes and the error shape', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['statusCode', 'error', 'message'] });
  });

  it('describes every /api route Fastify registered; only Swagger UI’s own assets are left out', () => {
    const routes = t.app.routeCatalog;
    expect(routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(40);
    expect(undocumented(doc, routes)).toEqual([]);
    expect(routes.filter((r) => r.url.startsWith('/api') && r.hidden).every((r) => r.url.startsWith('/api/docs'))).toBe(true);
  });

  it('the comparison notices a missing route', () => {
    const { ['/api/message/send']: _removed, ...rest } = doc.paths;
    expect(undocumented({ ...doc, paths: rest }, t.app.routeCatalog)).toEqual(['POST /api/message/send']);
  });

  it('carries bodies, queries and responses from the zod schemas, security on protected routes only', () => {
    const send = doc.paths['/api/message/send']!.post!;
    expect(JSON.stringify(send.requestBody)).toContain('clientId');
    expect(send.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(send.responses).toHaveProperty('200');
    // The send serialises its answer without the zod serializer; the doc still describes it.
    expect(JSON.stringify(send.responses?.['200'])).toContain('replyTo');
    expect(send.responses).toHaveProperty('4XX');
    expect(doc.paths['/api/auth/signin']!.post!.security).toEqual([]);
    const history = doc.paths['/api/message/get-messages-by-conversation']!.get! as { parameters?: Array<{ name: string; in: string }> };
    expect(history.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toContain('conversationId');
    expect(doc.paths['/api/api-key/create']!.post!.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
  });
});

describe('GET /api/docs', () => {
  it('serves a browsable reference with its assets from this server (works offline)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const src of assets) {
      const asset = await t.app.inject({ method: 'GET', url: `/api/docs/${src}` });
      expect(asset.statusCode, src).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().openapi).toBe('3.1.0');
  });
});
