import {
  addAdminBodySchema,
  addMembersBodySchema,
  createGroupBodySchema,
  groupCandidateIdsQuerySchema,
  groupCandidateIdsSchema,
  groupCandidatesPageSchema,
  groupCandidatesQuerySchema,
  groupIdParamsSchema,
  groupListSchema,
  groupMembersPageSchema,
  groupMembersQuerySchema,
  groupMemberListSchema,
  groupSchema,
  idParamsSchema,
  leftGroupSchema,
  listGroupsQuerySchema,
  muteBodySchema,
  optionalSearchQuerySchema,
  removeAdminBodySchema,
  removeMemberBodySchema,
  resolvedEmailsSchema,
  resolveEmailsBodySchema,
  searchQuerySchema,
  toChatListPage,
  updateGroupBodySchema,
  updateGroupPhotoBodySchema,
} from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { GroupActs } from './group-acts.service';
import { GroupPeopleService } from './group-people.service';
import { GroupsService } from './groups.service';

// Mounted under /api: the group calls. Every mutation answers the updated Group.
export const groupRoutes = signedInRoutes({ roles: CHAT_ROLES }, (routes) => {
  const service = new GroupsService(routes.ctx.db, routes.ctx.chatEvents);
  const acts = new GroupActs(routes.ctx.db, routes.ctx.chatEvents);
  const people = new GroupPeopleService(routes.ctx.db);
  const media = { db: routes.ctx.db, env: routes.ctx.env, store: routes.ctx.mediaStore };
  const one = { 200: groupSchema };

  routes.post('/group/create', { schema: { body: createGroupBodySchema, response: one } }, (request) =>
    acts.create(request.user, request.body),
  );

  routes.get('/group/list', { schema: { querystring: listGroupsQuerySchema, response: { 200: groupListSchema } } }, (request) =>
    service.list(request.user, toChatListPage(request.query)),
  );

  routes.get('/group/get-by-id/:id', { schema: { params: idParamsSchema, response: one } }, (request) =>
    service.getById(request.user, request.params.id),
  );

  routes.get('/group/search', { schema: { querystring: searchQuerySchema, response: { 200: groupListSchema } } }, (request) =>
    service.search(request.user, request.query.content),
  );

  routes.get(
    '/group/:groupId/search-members',
    {
      schema: { params: groupIdParamsSchema, querystring: optionalSearchQuerySchema, response: { 200: groupMemberListSchema } },
    },
    (request) => service.searchMembers(request.user, request.params.groupId, request.query.content),
  );

  // Beyond the original spec: the whole membership a page at a time ('Você' first, admins, by name).
  routes.get(
    '/group/:groupId/members',
    { schema: { params: groupIdParamsSchema, querystring: groupMembersQuerySchema, response: { 200: groupMembersPageSchema } } },
    (request) => people.members(request.user, request.params.groupId, request.query),
  );

  // The member pickers: who may join (a page at a time), all of a search's ids, pasted e-mails.
  routes.get(
    '/group/candidates',
    { schema: { querystring: groupCandidatesQuerySchema, response: { 200: groupCandidatesPageSchema } } },
    (request) => people.candidates(request.user, request.query),
  );

  routes.get(
    '/group/candidate-ids',
    { schema: { querystring: groupCandidateIdsQuerySchema, response: { 200: groupCandidateIdsSchema } } },
    (request) => people.candidateIds(request.user, request.query),
  );

  routes.post('/group/resolve-emails', { schema: { body: resolveEmailsBodySchema, response: { 200: resolvedEmailsSchema } } }, (request) =>
    people.resolveEmails(request.user, request.body),
  );

  routes.patch('/group/update/:id', { schema: { params: idParamsSchema, body: updateGroupBodySchema, response: one } }, (request) =>
    acts.update(request.user, request.params.id, request.body),
  );

  routes.post(
    '/group/add-admin/:groupId',
    { schema: { params: groupIdParamsSchema, body: addAdminBodySchema, response: one } },
    (request) => acts.addAdmin(request.user, request.params.groupId, request.body.newAdminId),
  );

  routes.post(
    '/group/remove-admin/:groupId',
    { schema: { params: groupIdParamsSchema, body: removeAdminBodySchema, response: one } },
    (request) => acts.removeAdmin(request.user, request.params.groupId, request.body.adminId),
  );

  routes.post(
    '/group/add-member/:groupId',
    { schema: { params: groupIdParamsSchema, body: addMembersBodySchema, response: one } },
    (request) => acts.addMembers(request.user, request.params.groupId, request.body.newMembersIds),
  );

  routes.post(
    '/group/remove-member/:groupId',
    { schema: { params: groupIdParamsSchema, body: removeMemberBodySchema, response: one } },
    (request) => acts.removeMember(request.user, request.params.groupId, request.body.memberId),
  );

  // Beyond the original spec: 'Sair do grupo', for oneself (remove-member is for the others).
  routes.post('/group/leave/:groupId', { schema: { params: groupIdParamsSchema, response: { 200: leftGroupSchema } } }, (request) =>
    acts.leave(request.user, request.params.groupId),
  );

  // Beyond the original spec: the group's photo, uploaded as avatars are (folder 'avatars').
  routes.post(
    '/group/update-photo/:groupId',
    { schema: { params: groupIdParamsSchema, body: updateGroupPhotoBodySchema, response: one } },
    (request) => acts.updatePhoto(request.user, request.params.groupId, request.body.avatarUrl, media),
  );

  routes.patch(
    '/group/:id/mute',
    { schema: { params: idParamsSchema, body: muteBodySchema, response: { 200: muteBodySchema } } },
    (request) => service.setMuted(request.user, request.params.id, request.body.muted),
  );
});
