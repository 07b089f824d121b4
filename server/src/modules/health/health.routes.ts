import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { APP_VERSION, healthSchema } from '@chat/contracts';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { response: { 200: healthSchema } } },
    async () => {
      // A round trip to the database: "ok" must mean the server can actually serve.
      await app.ctx.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, engine: app.ctx.database.engine, version: APP_VERSION };
    },
  );
};
