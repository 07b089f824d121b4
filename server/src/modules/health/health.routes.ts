import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_VERSION, healthSchema } from '@chat/contracts';
import { checkDatabase, checkRedis } from './dependency-checks';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/health', { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
      // A round trip to each dependency: "ok" must mean the server can actually serve.
      const { db, redis, database } = app.ctx;
      const [databaseStatus, redisStatus] = await Promise.all([checkDatabase(db), redis ? checkRedis(redis) : null]);
      const dependencies = { database: databaseStatus, ...(redisStatus ? { redis: redisStatus } : {}) };
      const up = Object.values(dependencies).every((status) => status === 'ok');
      // Told to shut down: down for the balancer, whatever the dependencies say.
      const status = app.ctx.draining.active ? ('draining' as const) : up ? ('ok' as const) : ('unavailable' as const);
      return reply.status(status === 'ok' ? 200 : 503).send({ status, engine: database.engine, version: APP_VERSION, dependencies });
    });
};
