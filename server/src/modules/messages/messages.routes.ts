import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  editMessageBodySchema,
  getMessagesByConversationQuerySchema,
  idParamsSchema,
  messageReactionEventSchema,
  messageReceiptsSchema,
  reactionBodySchema,
  reactionParamsSchema,
  getMessagesByGroupQuerySchema,
  messageSchema,
  messageSearchPageSchema,
  messageSearchQuerySchema,
  messagesPageSchema,
  sendMessageBodySchema,
  sharedMediaPageSchema,
  sharedMediaQuerySchema,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { MessageActionsService } from './message-actions.service';
import { searchViewerMessages } from './message-search.service';
import { MessagesService } from './messages.service';
import { sharedMedia } from './shared-media';

/**
 * The send path as every sender uses it (the message calls, incoming webhooks): after a message is
 * stored, Web Push tells the offline, the e-mail digest notes who is away, and the group's outgoing
 * webhooks are queued.
 */
export function createMessagesService(app: FastifyInstance): MessagesService {
  const { db, database, chatEvents, presence, conversationParticipants, env, mediaStore, groupReads, push, digests } = app.ctx;
  const { webhookDeliveries } = app;
  return new MessagesService(
    db,
    chatEvents,
    presence,
    conversationParticipants,
    { env, store: mediaStore },
    database.engine,
    groupReads,
    (message, offline) => {
      push.notifier.messageSent(message, offline);
      digests.messageSent(message, offline);
      webhookDeliveries.messageStored(message);
    },
  );
}

// Mounted under /api: the message calls, and the media URL call of image messages.
export const messageRoutes: FastifyPluginAsync = async (app) => {
  const { db, chatEvents, conversationParticipants, env, mediaStore, metrics } = app.ctx;
  const service = createMessagesService(app);
  const actions = new MessageActionsService(db, chatEvents, conversationParticipants, { env, store: mediaStore });
  const page = { 200: messagesPageSchema };
  // The schemas stay for the OpenAPI doc; these answers are serialised as they are (the
  // zod serializer parsed every answer again, a large share of a long all=true history on
  // PostgreSQL, and work on every send). toMessageEntity builds exactly the contract's fields, the
  // same object the `message` event carries unparsed; the handlers' types are checked against the
  // schemas, and history-contract.test.ts checks that an answer is exactly what parsing keeps.
  const asBuilt = () => (data: unknown) => JSON.stringify(data);

  // The send confirms its author in the INSERT, so it may start from the cached user.
  await app.register(
    signedInRoutes({ roles: CHAT_ROLES, cachedUser: true }, (routes) => {
      routes.post(
        '/message/send',
        {
          schema: { body: sendMessageBodySchema, response: { 200: messageSchema } },
          serializerCompiler: asBuilt,
          onResponse: async (_request, reply) =>
            metrics.sendDuration.observe({ status: String(reply.statusCode) }, reply.elapsedTime / 1000),
        },
        (request) => service.send(request.user, request.body, request.recheckUser),
      );
    }),
  );

  await app.register(
    signedInRoutes({ roles: CHAT_ROLES }, (routes) => {
      routes.get(
        '/message/get-messages-by-conversation',
        { schema: { querystring: getMessagesByConversationQuerySchema, response: page }, serializerCompiler: asBuilt },
        (request) => {
          const { conversationId, ...paging } = request.query;
          return service.history(request.user, { conversationId }, paging);
        },
      );

      routes.get(
        '/message/get-messages-by-group',
        { schema: { querystring: getMessagesByGroupQuerySchema, response: page }, serializerCompiler: asBuilt },
        (request) => {
          const { groupId, ...paging } = request.query;
          return service.history(request.user, { groupId }, paging);
        },
      );

      // Messages by their text across the caller's chats, newest first.
      routes.get(
        '/message/search',
        { schema: { querystring: messageSearchQuerySchema, response: { 200: messageSearchPageSchema } } },
        (request) => searchViewerMessages(db, request.user.id, request.query),
      );

      // A chat's shared images and files (the details panel's 'Arquivos' and 'Mídia'), newest first.
      routes.get(
        '/message/shared-media',
        { schema: { querystring: sharedMediaQuerySchema, response: { 200: sharedMediaPageSchema } } },
        (request) => sharedMedia(db, conversationParticipants, request.user.id, request.query),
      );

      // Edit, delete, reactions and receipts of one message.
      const reactions = { 200: messageReactionEventSchema };

      routes.patch(
        '/message/:id',
        { schema: { params: idParamsSchema, body: editMessageBodySchema, response: { 200: messageSchema } } },
        (request) => actions.edit(request.user, request.params.id, request.body),
      );

      routes.delete('/message/:id', { schema: { params: idParamsSchema, response: { 200: messageSchema } } }, (request) =>
        actions.delete(request.user, request.params.id),
      );

      routes.post(
        '/message/:id/reactions',
        { schema: { params: idParamsSchema, body: reactionBodySchema, response: reactions } },
        (request) => actions.react(request.user, request.params.id, request.body.emoji),
      );

      routes.delete('/message/:id/reactions/:emoji', { schema: { params: reactionParamsSchema, response: reactions } }, (request) =>
        actions.unreact(request.user, request.params.id, request.params.emoji),
      );

      routes.get('/message/:id/receipts', { schema: { params: idParamsSchema, response: { 200: messageReceiptsSchema } } }, (request) =>
        actions.receipts(request.user, request.params.id),
      );
    }),
  );
};
