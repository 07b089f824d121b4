import type { FastifyInstance } from 'fastify';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every /api answer (tokens, messages, members, errors, 404s) is `Cache-Control: no-store`: no
 * browser cache, shared proxy or back/forward cache may keep a copy of private data. A route that
 * means to be cached sets its own Cache-Control, which is kept.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
