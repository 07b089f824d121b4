import {
  chatSummarySchema,
  conversationListSchema,
  conversationSchema,
  createConversationBodySchema,
  getConversationsQuerySchema,
  idParamsSchema,
  muteBodySchema,
  searchQuerySchema,
  toChatListPage,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { chatSummary } from './chat-summary.repository';
import { ConversationsService } from './conversations.service';

// Mounted under /api: the conversation calls.
export const conversationRoutes = signedInRoutes({ roles: CHAT_ROLES }, (routes) => {
  const service = new ConversationsService(routes.ctx.db, routes.ctx.chatEvents);

  routes.get(
    '/conversation/get-conversations',
    { schema: { querystring: getConversationsQuerySchema, response: { 200: conversationListSchema } } },
    (request) => service.list(request.user, request.query.showEmpty ?? false, toChatListPage(request.query)),
  );

  // Whatever pages of the list the sidebar has loaded: its badge and the notifications' silenced
  // chats need the whole list.
  routes.get('/conversation/chat-summary', { schema: { response: { 200: chatSummarySchema } } }, (request) =>
    chatSummary(routes.ctx.db, request.user.id),
  );

  routes.post(
    '/conversation/create',
    { schema: { body: createConversationBodySchema, response: { 200: conversationSchema } } },
    (request) => service.create(request.user, request.body.userTwoId),
  );

  routes.get('/conversation/get-by-id/:id', { schema: { params: idParamsSchema, response: { 200: conversationSchema } } }, (request) =>
    service.getById(request.user, request.params.id),
  );

  routes.get('/conversation/search', { schema: { querystring: searchQuerySchema, response: { 200: conversationListSchema } } }, (request) =>
    service.search(request.user, request.query.content),
  );

  routes.patch(
    '/conversation/:id/mute',
    { schema: { params: idParamsSchema, body: muteBodySchema, response: { 200: muteBodySchema } } },
    (request) => service.setMuted(request.user, request.params.id, request.body.muted),
  );
});
