import {
  createIncomingWebhookBodySchema,
  createOutgoingWebhookBodySchema,
  groupIdParamsSchema,
  incomingWebhookCreatedSchema,
  incomingWebhookListSchema,
  messageResponseSchema,
  outgoingWebhookCreatedSchema,
  outgoingWebhookListSchema,
  updateIncomingWebhookBodySchema,
  WEBHOOK_TEXTS,
  webhookDeliveryListSchema,
  webhookParamsSchema,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { IncomingWebhooks } from './incoming-webhooks.service';
import { OutgoingWebhooks } from './outgoing-webhooks.service';

export const WEBHOOK_DELETED = 'Integração removida';

// Mounted under /api: a group's integrations, for its admins (404 for non-members, 403 for members).
export const webhookRoutes = signedInRoutes({ roles: CHAT_ROLES }, (routes) => {
  const { db, env } = routes.ctx;
  const incoming = new IncomingWebhooks(db, env.appUrl, { db, env, store: routes.ctx.mediaStore });
  const outgoing = new OutgoingWebhooks(db, routes.webhookPolicy);

  routes.get(
    '/group/:groupId/webhooks',
    { schema: { params: groupIdParamsSchema, response: { 200: incomingWebhookListSchema } } },
    async (request) => ({ webhooks: await incoming.list(request.user.id, request.params.groupId) }),
  );

  routes.post(
    '/group/:groupId/webhooks',
    {
      schema: {
        description: 'Cria um webhook de entrada. A URL (com o token, que é o segredo) só aparece nesta resposta e na de regenerar.',
        params: groupIdParamsSchema,
        body: createIncomingWebhookBodySchema,
        response: { 200: incomingWebhookCreatedSchema },
      },
    },
    (request) => incoming.create(request.user, request.params.groupId, request.body),
  );

  routes.patch(
    '/group/:groupId/webhooks/:webhookId',
    {
      schema: {
        description: 'Troca a imagem que as mensagens do webhook mostram: uma enviada pelo upload de imagem (pasta avatars), ou null.',
        params: webhookParamsSchema,
        body: updateIncomingWebhookBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await incoming.setAvatar(request.user, request.params.groupId, request.params.webhookId, request.body);
      return { message: WEBHOOK_TEXTS.avatarSaved };
    },
  );

  routes.post(
    '/group/:groupId/webhooks/:webhookId/regenerate',
    {
      schema: {
        description: 'Troca o token do webhook: a URL anterior para de funcionar na hora.',
        params: webhookParamsSchema,
        response: { 200: incomingWebhookCreatedSchema },
      },
    },
    (request) => incoming.regenerate(request.user.id, request.params.groupId, request.params.webhookId),
  );

  routes.delete(
    '/group/:groupId/webhooks/:webhookId',
    { schema: { params: webhookParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await incoming.delete(request.user.id, request.params.groupId, request.params.webhookId);
      return { message: WEBHOOK_DELETED };
    },
  );

  routes.get(
    '/group/:groupId/outgoing-webhooks',
    { schema: { params: groupIdParamsSchema, response: { 200: outgoingWebhookListSchema } } },
    async (request) => ({ webhooks: await outgoing.list(request.user.id, request.params.groupId) }),
  );

  routes.post(
    '/group/:groupId/outgoing-webhooks',
    {
      schema: {
        description:
          'Registra um endereço https que recebe as mensagens novas do grupo (todas, ou só as que mencionam @nome), assinadas com HMAC-SHA256. O segredo só aparece nesta resposta.',
        params: groupIdParamsSchema,
        body: createOutgoingWebhookBodySchema,
        response: { 200: outgoingWebhookCreatedSchema },
      },
    },
    (request) => outgoing.create(request.user.id, request.params.groupId, request.body),
  );

  routes.delete(
    '/group/:groupId/outgoing-webhooks/:webhookId',
    { schema: { params: webhookParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await outgoing.delete(request.user.id, request.params.groupId, request.params.webhookId);
      return { message: WEBHOOK_DELETED };
    },
  );

  routes.get(
    '/group/:groupId/outgoing-webhooks/:webhookId/deliveries',
    {
      schema: {
        description: 'As últimas entregas do webhook de saída, mais novas primeiro, com o código HTTP da última tentativa.',
        params: webhookParamsSchema,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => ({ deliveries: await outgoing.deliveries(request.user.id, request.params.groupId, request.params.webhookId) }),
  );
});
