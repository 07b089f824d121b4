import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { createByInviteBodySchema, inviteMemberSchema, signinResponseSchema } from '@chat/contracts';
import { actorOf } from '../audit/audit';
import { refuseWhenFlag } from '../auth/feature-flags';
import { signedInRoutes } from '../auth/signed-in-routes';
import { INVITE_SENT, InviteService } from './invites.service';

export const ACCOUNT_CREATION_DISABLED = 'Criação de conta desativada';

const inviteResponseSchema = z.object({ message: z.string(), expiresAt: z.string() });

// Mounted under /api.
export const inviteRoutes: FastifyPluginAsync = async (app) => {
  const { rateLimiter, rateLimits } = app.ctx;
  const service = new InviteService(app.ctx);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  await app.register(
    signedInRoutes({ roles: ['ADMIN'] }, (admin) => {
      admin.post(
        '/user/invite',
        { schema: { body: inviteMemberSchema, response: { 201: inviteResponseSchema } } },
        async (request, reply) => {
          const { expiresAt } = await service.invite(request.user, request.body.email, actorOf(request));
          return reply.status(201).send({ message: INVITE_SENT, expiresAt: expiresAt.toISOString() });
        },
      );
    }),
  );

  // Public; off on the production origin (flag disable_create_account), as the page hides it there.
  routes.post(
    '/user/create-by-invite',
    {
      onRequest: refuseWhenFlag('disable_create_account', ACCOUNT_CREATION_DISABLED),
      schema: { body: createByInviteBodySchema, response: { 201: signinResponseSchema } },
    },
    async (request, reply) => {
      // Like sign-in: counted before the code is looked up (parallel guesses cannot overtake the
      // limit) and given back once code and e-mail match, so only wrong guesses use it up.
      const refund = await rateLimiter.consume([
        { name: 'invite:ip', subject: request.ip, rule: rateLimits.invitePerIp },
        { name: 'invite:code', subject: request.body.inviteCode, rule: rateLimits.invitePerCode },
      ]);
      return reply.status(201).send(await service.createByInvite(request.body, refund, request.ip));
    },
  );
};
