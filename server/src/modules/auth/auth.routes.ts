import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refreshTokenSchema, signinResponseSchema, signinSchema, signoutSchema, tokenPairSchema, userSchema } from '@chat/contracts';
import { toUserEntity } from '../users/user-entity';
import { AuthService } from './auth.service';
import { requireAuth } from './require-auth';

// Mounted under /api.
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, accessTokens, refreshTokens, rateLimiter, rateLimits } = app.ctx;
  const service = new AuthService(db, accessTokens, refreshTokens);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/signin',
    { config: { keepsSession: true }, schema: { body: signinSchema, response: { 200: signinResponseSchema } } },
    async (request) => {
      // Counted before the password is checked (parallel guesses cannot overtake the limit) and
      // given back on success: only failures use up the allowance.
      const refund = await rateLimiter.consume([
        { name: 'signin:ip', subject: request.ip, rule: rateLimits.signinPerIp },
        { name: 'signin:identifier', subject: request.body.identifier, rule: rateLimits.signinPerIdentifier },
      ]);
      const response = await service.signin(request.body);
      await refund();
      return response;
    },
  );

  routes.post(
    '/refresh-token/use',
    { config: { keepsSession: true }, schema: { body: refreshTokenSchema, response: { 200: tokenPairSchema } } },
    (request) => service.refresh(request.body.refreshToken),
  );

  // Public: the access token may already have expired when the user signs out. Idempotent and
  // silent about unknown tokens, so it reveals nothing.
  routes.post('/auth/signout', { config: { keepsSession: true }, schema: { body: signoutSchema } }, async (request, reply) => {
    await refreshTokens.revoke(request.body.refreshToken);
    return reply.status(204).send();
  });

  // The signed-in user as the server sees it now; also the simplest probe of requireAuth.
  routes.get(
    '/auth/me',
    { preHandler: requireAuth(), schema: { response: { 200: userSchema } } },
    (request) => toUserEntity(request.user!),
  );
};
