import * as z from 'zod/mini';
import {
  changeAdminBodySchema,
  createWorkspaceBodySchema,
  idParamsSchema,
  memberPageQuerySchema,
  memberPageSchema,
  updateWorkspaceBodySchema,
  workspaceSchemaEntity,
  workspaceSummarySchema,
} from '@chat/contracts';
import { actorOf } from '../audit/audit';
import { signedInRoutes } from '../auth/signed-in-routes';
import { WorkspacesService } from './workspaces.service';

// Mounted under /api: the workspace calls, ROOT only. GET /workspace/get-by-admin-id is
// the admin's own call (team module); as a static route it wins over /workspace/:id.
export const workspaceRoutes = signedInRoutes({ roles: ['ROOT'] }, (routes) => {
  const service = new WorkspacesService(routes.ctx);
  const one = { 200: workspaceSchemaEntity };

  routes.post(
    '/workspace/create',
    { schema: { body: createWorkspaceBodySchema, response: { 201: workspaceSchemaEntity } } },
    async (request, reply) => reply.status(201).send(await service.create(request.body, actorOf(request))),
  );

  routes.get('/workspace/list', { schema: { response: { 200: z.array(workspaceSummarySchema) } } }, () => service.list());

  routes.get('/workspace/:id', { schema: { params: idParamsSchema, response: one } }, (request) => service.get(request.params.id));

  routes.get(
    '/workspace/:id/members',
    { schema: { params: idParamsSchema, querystring: memberPageQuerySchema, response: { 200: memberPageSchema } } },
    (request) => service.members(request.params.id, request.query),
  );

  routes.put('/workspace/:id', { schema: { params: idParamsSchema, body: updateWorkspaceBodySchema, response: one } }, (request) =>
    service.update(request.params.id, request.body, actorOf(request)),
  );

  routes.patch(
    '/workspace/change-admin/:id',
    { schema: { params: idParamsSchema, body: changeAdminBodySchema, response: one } },
    (request) => service.changeAdmin(request.params.id, request.body.newAdminEmail, actorOf(request)),
  );
});
