import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  getUserByIdQuerySchema,
  groupListSchema,
  optionalSearchQuerySchema,
  userListSchema,
  userSchema,
  userTwoIdParamsSchema,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { requireAuth } from '../auth/require-auth';
import { GroupsService } from '../groups/groups.service';
import { UserLookupsService } from './user-lookups.service';

// Mounted under /api: the user lookups the chat needs. Account and
// member management calls come with the accounts and team issues.
export const userLookupRoutes: FastifyPluginAsync = async (app) => {
  const users = new UserLookupsService(app.ctx.db);
  const groups = new GroupsService(app.ctx.db, app.ctx.chatEvents);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(CHAT_ROLES);

  routes.get(
    '/user/search-in-same-workspace',
    { preHandler, schema: { querystring: optionalSearchQuerySchema, response: { 200: userListSchema } } },
    (request) => users.searchInWorkspace(request.user!, request.query.content),
  );

  routes.get(
    '/user/get-user-by-id',
    { preHandler, schema: { querystring: getUserByIdQuerySchema, response: { 200: userSchema } } },
    (request) => users.getById(request.user!, request.query.id),
  );

  routes.get(
    '/user/common-groups/:userTwoId',
    { preHandler, schema: { params: userTwoIdParamsSchema, response: { 200: groupListSchema } } },
    (request) => groups.commonWith(request.user!, request.params.userTwoId),
  );
};
