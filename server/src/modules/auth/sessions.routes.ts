import { endAllSessionsBodySchema, idParamsSchema, SESSION_ERRORS, sessionListSchema } from '@chat/contracts';
import { notFound } from '../../lib/errors';
import { signedInRoutes } from './signed-in-routes';
import { activeSessionsOf } from './sessions.repository';

// Mounted under /api. Only the person signed in manages their sessions: an integration's API key
// is refused, and every query is bound to the caller, so another member's session id is a 404.
export const sessionRoutes = signedInRoutes({ apiKey: 'refused' }, (routes) => {
  const { db, refreshTokens, revokedSessions, now } = routes.ctx;

  routes.get('/auth/sessions', { schema: { response: { 200: sessionListSchema } } }, async (request) => ({
    sessions: await activeSessionsOf(db, request.user.id, request.sessionId, now()),
  }));

  routes.delete('/auth/sessions/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    if (!(await refreshTokens.revokeSession(request.user.id, request.params.id, now()))) throw notFound(SESSION_ERRORS.notFound);
    await revokedSessions.announce([request.params.id]);
    return reply.status(204).send();
  });

  // "Sair de todos os dispositivos": the calling session too, unless exceptCurrent.
  routes.post('/auth/sessions/end-all', { schema: { body: endAllSessionsBodySchema } }, async (request, reply) => {
    const except = request.body.exceptCurrent ? (request.sessionId ?? undefined) : undefined;
    await revokedSessions.announce(await refreshTokens.revokeAllOfUser(request.user.id, { now: now(), except }));
    return reply.status(204).send();
  });
});
