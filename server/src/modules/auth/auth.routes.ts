import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refreshTokenSchema, signinResponseSchema, signinSchema, signoutSchema, tokenPairSchema, userSchema } from '@chat/contracts';
import { recordIfNewDevice } from '../audit/new-device';
import { toUserEntity } from '../users/user-entity';
import { AuthService } from './auth.service';
import { describeUserAgent } from './session-device';
import { signedInRoutes } from './signed-in-routes';

// Mounted under /api.
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, accessTokens, refreshTokens, revokedSessions, rateLimiter, rateLimits } = app.ctx;
  const service = new AuthService(db, accessTokens, refreshTokens, revokedSessions);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/signin',
    { config: { keepsSession: true }, schema: { body: signinSchema, response: { 200: signinResponseSchema } } },
    async (request) => {
      // Counted before the password is checked (parallel guesses cannot overtake the limit) and
      // given back on success: only failures use up the allowance.
      const refunds = [
        await rateLimiter.consume([
          { name: 'signin:ip', subject: request.ip, rule: rateLimits.signinPerIp },
          { name: 'signin:identifier', subject: request.body.identifier, rule: rateLimits.signinPerIdentifier },
        ]),
      ];
      // The account too, once the identifier names one: its e-mail and nickName share one allowance.
      const device = describeUserAgent(request.headers['user-agent']);
      const response = await service.signin(request.body, device, async (userId) => {
        refunds.push(await rateLimiter.consume([{ name: 'signin:account', subject: userId, rule: rateLimits.signinPerAccount }]));
      });
      await Promise.all(refunds.map((refund) => refund()));
      await recordIfNewDevice(db, { id: response.user.id, workspaceId: response.user.workspaces[0]?.id ?? null }, device, request.ip);
      return response;
    },
  );

  routes.post(
    '/refresh-token/use',
    { config: { keepsSession: true }, schema: { body: refreshTokenSchema, response: { 200: tokenPairSchema } } },
    (request) => service.refresh(request.body.refreshToken),
  );

  // Public: the access token may already have expired when the user signs out. Idempotent and
  // silent about unknown tokens, so it reveals nothing. The session ends: its access tokens are
  // refused and its sockets closed on every process, not only its renewals.
  routes.post('/auth/signout', { config: { keepsSession: true }, schema: { body: signoutSchema } }, async (request, reply) => {
    const ended = await refreshTokens.revoke(request.body.refreshToken, app.ctx.now());
    if (ended) await revokedSessions.announce([ended]);
    return reply.status(204).send();
  });

  // The signed-in user as the server sees it now; also the simplest probe of requireAuth.
  await app.register(
    signedInRoutes({}, (signedIn) => {
      signedIn.get('/auth/me', { schema: { response: { 200: userSchema } } }, (request) => toUserEntity(request.user));
    }),
  );
};
