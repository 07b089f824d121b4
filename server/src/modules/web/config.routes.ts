import type { FastifyPluginAsync } from 'fastify';
import { appConfig } from './app-config';

export const configRoutes: FastifyPluginAsync = async (app) => {
  const body = appConfig(app.ctx.env);
  app.get('/config.json', async (_request, reply) => {
    // Never cached: pointing a remote elsewhere must take effect on the next page load.
    reply.header('cache-control', 'no-store');
    return body;
  });
};
