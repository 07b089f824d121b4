import type { FastifyPluginAsync } from 'fastify';
import { LocalMediaStore } from '../media/local-media-store';
import { privacyPage } from './privacy-page';

// GET /privacidade, public: linked from the sign-in page's footer. Rendered once, from the
// configuration the process started with.
export const privacyPageRoute: FastifyPluginAsync = async (app) => {
  const html = privacyPage({ env: app.ctx.env, mediaOnLocalDisk: app.ctx.mediaStore instanceof LocalMediaStore });
  app.get('/privacidade', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
  );
};
