import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signinResponseSchema, signinSchema, userSchema } from '@chat/contracts';
import { toUserEntity } from '../users/user-entity';
import { AuthService } from './auth.service';
import { requireAuth } from './require-auth';

// Mounted under /api. Refresh-token use and sign-out come with the session issue.
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, accessTokens, refreshTokens } = app.ctx;
  const service = new AuthService(db, accessTokens, refreshTokens);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/signin',
    { schema: { body: signinSchema, response: { 200: signinResponseSchema } } },
    (request) => service.signin(request.body),
  );

  // The signed-in user as the server sees it now; also the simplest probe of requireAuth.
  routes.get(
    '/auth/me',
    { preHandler: requireAuth(), schema: { response: { 200: userSchema } } },
    (request) => toUserEntity(request.user!),
  );
};
