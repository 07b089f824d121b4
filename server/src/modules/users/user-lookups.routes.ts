import {
  getUserByIdQuerySchema,
  groupListSchema,
  optionalSearchQuerySchema,
  userListSchema,
  userSchema,
  userTwoIdParamsSchema,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { GroupsService } from '../groups/groups.service';
import { UserLookupsService } from './user-lookups.service';

// Mounted under /api: the user lookups the chat needs. Account and
// member management calls come with the accounts and team issues.
export const userLookupRoutes = signedInRoutes({ roles: CHAT_ROLES }, (routes) => {
  const users = new UserLookupsService(routes.ctx.db);
  const groups = new GroupsService(routes.ctx.db, routes.ctx.chatEvents);

  routes.get(
    '/user/search-in-same-workspace',
    { schema: { querystring: optionalSearchQuerySchema, response: { 200: userListSchema } } },
    (request) => users.searchInWorkspace(request.user, request.query.content),
  );

  routes.get('/user/get-user-by-id', { schema: { querystring: getUserByIdQuerySchema, response: { 200: userSchema } } }, (request) =>
    users.getById(request.user, request.query.id),
  );

  routes.get(
    '/user/common-groups/:userTwoId',
    { schema: { params: userTwoIdParamsSchema, response: { 200: groupListSchema } } },
    (request) => groups.commonWith(request.user, request.params.userTwoId),
  );
});
