import { PUSH_ERRORS, pushSubscriptionBodySchema, pushUnsubscribeBodySchema, vapidPublicKeySchema } from '@chat/contracts';
import { isAllowedPushEndpoint } from '../../config/push-endpoint-hosts';
import { badRequest, forbidden } from '../../lib/errors';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { deleteOwnSubscription, isActiveSession, saveSubscription } from './push-subscriptions.repository';

// Mounted under /api: this device's Web Push subscription (docs/api.md). A subscription belongs to
// the browser session that made it, so an integration's API key cannot make one.
export const pushRoutes = signedInRoutes({ roles: CHAT_ROLES, apiKey: 'refused' }, (routes) => {
  const { db, env, now, push } = routes.ctx;

  routes.get('/push/vapid-public-key', { schema: { response: { 200: vapidPublicKeySchema } } }, () => ({ publicKey: push.publicKey }));

  routes.post('/push/subscriptions', { schema: { body: pushSubscriptionBodySchema } }, async (request, reply) => {
    const { endpoint, keys } = request.body;
    // The server will post to this URL: only a known push service's, never an address a member chose.
    if (!isAllowedPushEndpoint(endpoint, env.pushEndpointHosts)) throw badRequest(PUSH_ERRORS.endpointHost);
    const sessionId = request.sessionId;
    if (!sessionId || !(await isActiveSession(db, sessionId, request.user.id, now()))) throw forbidden(PUSH_ERRORS.sessionOnly);
    await saveSubscription(db, { userId: request.user.id, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
    return reply.status(204).send();
  });

  routes.delete('/push/subscriptions', { schema: { body: pushUnsubscribeBodySchema } }, async (request, reply) => {
    await deleteOwnSubscription(db, request.user.id, request.body.endpoint);
    return reply.status(204).send();
  });
});
