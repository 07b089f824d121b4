import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenPairSchema, updatePasswordBodySchema, updateProfileBodySchema, userSchema } from '@chat/contracts';
import { forbidden } from '../../lib/errors';
import { requestFlags } from '../auth/feature-flags';
import { requireAuth } from '../auth/require-auth';
import { ProfileService } from './profile.service';

export const PERSONAL_INFO_LOCKED = 'A edição de dados pessoais está desativada neste workspace';

/**
 * docs/produto.md, Funcionalidades por workspace: 'Informações pessoais' and 'Segurança' are hidden
 * under this flag, so refused too.
 */
async function refuseWhenLocked(request: FastifyRequest): Promise<void> {
  if (requestFlags(request).has('disable_edit_personal_info')) throw forbidden(PERSONAL_INFO_LOCKED);
}

// Mounted under /api: the caller's own account.
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const service = new ProfileService(app.ctx);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.patch(
    '/user/update',
    {
      preHandler: [requireAuth(), refuseWhenLocked],
      schema: { body: updateProfileBodySchema, response: { 200: userSchema } },
    },
    (request) => service.update(request.user!, request.body),
  );

  routes.patch(
    '/user/update-password',
    {
      preHandler: [requireAuth(undefined, { apiKey: 'refused' }), refuseWhenLocked],
      schema: { body: updatePasswordBodySchema, response: { 200: tokenPairSchema } },
      // After the answer has left: the calling tab stores its new pair before it hears this, and
      // then keeps its session; every other tab and device finds its tokens refused and signs out.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        app.ctx.chatEvents.toUsers([request.user!.id], 'session:revoked', { reason: 'password' });
        // Not left to the clients: a socket of another session would keep listening.
        app.ctx.chatEvents.closeSessions([request.user!.id]);
      },
    },
    (request) => service.changePassword(request.user!, request.body, request.sessionId),
  );
};
