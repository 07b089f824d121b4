import {
  createMemberBodySchema,
  editMemberBodySchema,
  idParamsSchema,
  memberPageQuerySchema,
  memberPageSchema,
  messageResponseSchema,
  pendingInviteListSchema,
  removeTeamMemberBodySchema,
  targetUserIdParamsSchema,
  userSchema,
  workspaceSchemaEntity,
} from '@chat/contracts';
import { forbidden, notFound } from '../../lib/errors';
import { actorOf } from '../audit/audit';
import { requestFlags, requireFlag } from '../auth/feature-flags';
import { signedInRoutes } from '../auth/signed-in-routes';
import { inviteLink } from '../invites/invite-code';
import { POLYGONAL_OFF } from '../polygons/polygons.service';
import { deletePendingInvite, listPendingInvites } from './members.repository';
import { MembersService } from './members.service';
import { MEMBER_REMOVED, removeMember } from './remove-member';

export const CREATE_MEMBERS_OFF = 'A criação de contas de membros está desativada neste workspace';
export const EDIT_MEMBERS_OFF = 'A edição de membros está desativada neste workspace';
export const INVITE_NOT_FOUND = 'Convite não encontrado';
export const INVITE_CANCELLED = 'Convite cancelado com sucesso';

// Mounted under /api: the team page of an ADMIN (docs/produto.md, Telas, /auth/team). Every call
// acts on the admin's own workspace only.
export const memberRoutes = signedInRoutes({ roles: ['ADMIN'] }, (routes) => {
  const { ctx } = routes;
  const members = new MembersService(ctx);

  // Static path: registered beside the ROOT routes' /workspace/:id, Fastify prefers it.
  routes.get('/workspace/get-by-admin-id', { schema: { response: { 200: workspaceSchemaEntity } } }, (request) =>
    members.workspaceOf(request.user),
  );

  // The team list, page by page and searched on the server; static, like get-by-admin-id.
  routes.get('/workspace/members', { schema: { querystring: memberPageQuerySchema, response: { 200: memberPageSchema } } }, (request) =>
    members.membersOf(request.user, request.query),
  );

  routes.post(
    '/user/create-member-without-invite',
    {
      preHandler: requireFlag('create_members', CREATE_MEMBERS_OFF),
      schema: { body: createMemberBodySchema, response: { 201: userSchema } },
    },
    async (request, reply) => reply.status(201).send(await members.create(request.user, request.body, actorOf(request))),
  );

  routes.patch(
    '/user/update/:targetUserId',
    {
      preHandler: requireFlag('edit_members', EDIT_MEMBERS_OFF),
      schema: { params: targetUserIdParamsSchema, body: editMemberBodySchema, response: { 200: userSchema } },
    },
    (request) => {
      if (request.body.neoCustomDataId !== undefined && !requestFlags(request).has('polygonal')) throw forbidden(POLYGONAL_OFF);
      return members.update(request.user, request.params.targetUserId, request.body, actorOf(request));
    },
  );

  routes.delete(
    '/user/:targetUserId',
    { schema: { params: targetUserIdParamsSchema, body: removeTeamMemberBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const body = request.body;
      const erase = body?.eraseData ? { deleteMessages: body.deleteMessages ?? false } : null;
      await removeMember(routes, members, request.user, request.params.targetUserId, actorOf(request), erase);
      return { message: MEMBER_REMOVED };
    },
  );

  // Pending invites of the workspace; "resend" is POST /user/invite again (it replaces the code).
  routes.get('/user/invites', { schema: { response: { 200: pendingInviteListSchema } } }, async (request) => {
    const rows = await listPendingInvites(ctx.db, request.user.workspaceId!, ctx.now());
    // The admin made the code and may hand it over themselves: the link is what the mail carries.
    return rows.map(({ code, ...r }) => ({
      ...r,
      link: inviteLink(ctx.env.appUrl, code, r.email),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    }));
  });

  routes.delete('/user/invites/:id', { schema: { params: idParamsSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    if (!(await deletePendingInvite(ctx.db, request.user.workspaceId!, request.params.id))) throw notFound(INVITE_NOT_FOUND);
    return { message: INVITE_CANCELLED };
  });
});
