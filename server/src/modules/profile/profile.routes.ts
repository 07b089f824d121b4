import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { tokenPairSchema, updatePasswordBodySchema, updateProfileBodySchema, userSchema } from '@chat/contracts';
import { forbidden } from '../../lib/errors';
import { requestFlags } from '../auth/feature-flags';
import { signedInRoutes } from '../auth/signed-in-routes';
import { actorOf } from '../audit/audit';
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
  const { chatEvents } = app.ctx;

  await app.register(
    signedInRoutes({}, (routes) => {
      routes.patch(
        '/user/update',
        { preHandler: refuseWhenLocked, schema: { body: updateProfileBodySchema, response: { 200: userSchema } } },
        (request) => service.update(request.user, request.body),
      );
    }),
  );

  // A password is the person's own business: an integration's API key may not change it.
  await app.register(
    signedInRoutes({ apiKey: 'refused' }, (routes) => {
      routes.patch(
        '/user/update-password',
        {
          preHandler: refuseWhenLocked,
          schema: { body: updatePasswordBodySchema, response: { 200: tokenPairSchema } },
          // After the answer has left: the calling tab stores its new pair before it hears this, and
          // then keeps its session; every other tab and device finds its tokens refused and signs out.
          // Only a 200 says the check passed and request.user is set.
          onResponse: async (request, reply) => {
            if (reply.statusCode !== 200) return;
            chatEvents.toUsers([request.user.id], 'session:revoked', { reason: 'password' });
            // Not left to the clients: a socket of another session would keep listening.
            chatEvents.closeSessions([request.user.id]);
          },
        },
        (request) => service.changePassword(request.user, request.body, request.sessionId, actorOf(request)),
      );
    }),
  );
};
