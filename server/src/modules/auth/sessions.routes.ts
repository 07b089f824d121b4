import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endAllSessionsBodySchema, idParamsSchema, SESSION_ERRORS, sessionListSchema } from '@chat/contracts';
import { notFound } from '../../lib/errors';
import { requireAuth } from './require-auth';
import { activeSessionsOf } from './sessions.repository';

// Mounted under /api. Only the person signed in manages their sessions: an integration's API key
// is refused, and every query is bound to the caller, so another member's session id is a 404.
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { db, refreshTokens, revokedSessions, now } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireAuth(undefined, { apiKey: 'refused' });

  routes.get('/auth/sessions', { preHandler: signedIn, schema: { response: { 200: sessionListSchema } } }, async (request) => ({
    sessions: await activeSessionsOf(db, request.user!.id, request.sessionId, now()),
  }));

  routes.delete('/auth/sessions/:id', { preHandler: signedIn, schema: { params: idParamsSchema } }, async (request, reply) => {
    if (!(await refreshTokens.revokeSession(request.user!.id, request.params.id, now()))) throw notFound(SESSION_ERRORS.notFound);
    await revokedSessions.announce([request.params.id]);
    return reply.status(204).send();
  });

  // "Sair de todos os dispositivos": the calling session too, unless exceptCurrent.
  routes.post('/auth/sessions/end-all', { preHandler: signedIn, schema: { body: endAllSessionsBodySchema } }, async (request, reply) => {
    const except = request.body.exceptCurrent ? (request.sessionId ?? undefined) : undefined;
    await revokedSessions.announce(await refreshTokens.revokeAllOfUser(request.user!.id, { now: now(), except }));
    return reply.status(204).send();
  });
};
