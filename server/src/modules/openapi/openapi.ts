import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@chat/contracts';
import { toJSONSchema } from 'zod/v4/core';
import { API_KEY_HEADER } from '../api-keys/api-key-auth';

// The public API's description, generated from the very zod schemas that validate each
// route (fastify-type-provider-zod's transform), so it cannot drift from the code.

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const errorSchema = toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
delete errorSchema.$schema;

/** Protected routes are those behind requireAuth (see require-auth.ts: the hook keeps that name). */
function isProtected(route: RouteOptions): boolean {
  const handlers = [route.preHandler].flat().filter(Boolean) as Array<{ name?: string }>;
  return handlers.some((h) => h.name === 'requireAuthHandler');
}

export interface RouteEntry {
  method: string;
  url: string;
  /** Left out of the document on purpose (Swagger UI's own assets). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as Fastify added it: what the document must cover (its test compares them). */
    routeCatalog: readonly RouteEntry[];
  }
}

/**
 * Registers the document generator. Call before any route: @fastify/swagger collects routes as
 * they are added. Only /api and /media (the upload PUT and public files) are described; the web
 * app's static files are not part of the API.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  const catalog: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const hidden = route.schema?.hide === true;
    for (const method of [route.method].flat()) catalog.push({ method, url: route.url, hidden });
  });
  app.decorate('routeCatalog', { getter: () => catalog });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Papo API',
        version,
        description:
          'API do Papo. No navegador, autentique com `Authorization: Bearer <accessToken>`; em integrações, com o cabeçalho ' +
          '`x-api-key` (chave criada em Configurações > Conta > Integrações). Chaves READ_ONLY só fazem GET; chaves ' +
          'FULL_ACCESS fazem tudo o que o dono pode, exceto gerenciar chaves de API e senhas. Erros respondem ' +
          '`{ statusCode, error, message }` com a mensagem em português.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
        },
        schemas: { Error: errorSchema },
      },
    },
    transform: (input) => {
      const { url } = input;
      if (!url.startsWith('/api') && !url.startsWith('/media')) return { schema: { hide: true }, url };
      // Routes without a schema (the media file routes, this document itself) are described too.
      const transformed = jsonSchemaTransform({ ...input, schema: input.schema ?? {} });
      const schema = (transformed.schema ?? {}) as Record<string, unknown>;
      const response = { ...(schema.response as Record<string, unknown> | undefined) };
      response['4XX'] = { description: 'Erro (mensagem em português)', $ref: '#/components/schemas/Error' };
      const security: Array<Record<string, string[]>> = isProtected(input.route) ? [{ bearer: [] }, { apiKey: [] }] : [];
      // Grouped by the path's first segment (conversation, group, message, user...), as the pages
      // think of them.
      const tags = [url.split('/').filter(Boolean)[url.startsWith('/api') ? 1 : 0] ?? 'api'];
      return { schema: { ...schema, response, security, tags }, url: transformed.url };
    },
  });
}

/** GET /api/openapi.json and the browsable reference at /api/docs (Swagger UI, served offline). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    // The page is the product's, not the framework's: no Swagger top bar with its logo.
    theme: { title: 'Papo API: referência', css: [{ filename: 'papo.css', content: '.swagger-ui .topbar { display: none; }' }] },
  });
}
