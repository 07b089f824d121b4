import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  conversationListSchema,
  conversationSchema,
  createConversationBodySchema,
  getConversationsQuerySchema,
  idParamsSchema,
  muteBodySchema,
  searchQuerySchema,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { requireAuth } from '../auth/require-auth';
import { ConversationsService } from './conversations.service';

// Mounted under /api: the conversation calls.
export const conversationRoutes: FastifyPluginAsync = async (app) => {
  const service = new ConversationsService(app.ctx.db, app.ctx.chatEvents);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(CHAT_ROLES);

  routes.get(
    '/conversation/get-conversations',
    { preHandler, schema: { querystring: getConversationsQuerySchema, response: { 200: conversationListSchema } } },
    (request) => service.list(request.user!, request.query.showEmpty ?? false),
  );

  routes.post(
    '/conversation/create',
    { preHandler, schema: { body: createConversationBodySchema, response: { 200: conversationSchema } } },
    (request) => service.create(request.user!, request.body.userTwoId),
  );

  routes.get(
    '/conversation/get-by-id/:id',
    { preHandler, schema: { params: idParamsSchema, response: { 200: conversationSchema } } },
    (request) => service.getById(request.user!, request.params.id),
  );

  routes.get(
    '/conversation/search',
    { preHandler, schema: { querystring: searchQuerySchema, response: { 200: conversationListSchema } } },
    (request) => service.search(request.user!, request.query.content),
  );

  routes.patch(
    '/conversation/:id/mute',
    { preHandler, schema: { params: idParamsSchema, body: muteBodySchema, response: { 200: muteBodySchema } } },
    (request) => service.setMuted(request.user!, request.params.id, request.body.muted),
  );
};
