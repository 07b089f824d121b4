import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  changeAdminBodySchema,
  createWorkspaceBodySchema,
  idParamsSchema,
  updateWorkspaceBodySchema,
  workspaceSchemaEntity,
  workspaceSummarySchema,
} from '@chat/contracts';
import { requireAuth } from '../auth/require-auth';
import { WorkspacesService } from './workspaces.service';

// Mounted under /api: the workspace calls, ROOT only. GET /workspace/get-by-admin-id is
// the admin's own call (team module); as a static route it wins over /workspace/:id.
export const workspaceRoutes: FastifyPluginAsync = async (app) => {
  const service = new WorkspacesService(app.ctx);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(['ROOT']);
  const one = { 200: workspaceSchemaEntity };

  routes.post(
    '/workspace/create',
    { preHandler, schema: { body: createWorkspaceBodySchema, response: { 201: workspaceSchemaEntity } } },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  routes.get('/workspace/list', { preHandler, schema: { response: { 200: z.array(workspaceSummarySchema) } } }, () =>
    service.list(),
  );

  routes.get('/workspace/:id', { preHandler, schema: { params: idParamsSchema, response: one } }, (request) =>
    service.get(request.params.id),
  );

  routes.put(
    '/workspace/:id',
    { preHandler, schema: { params: idParamsSchema, body: updateWorkspaceBodySchema, response: one } },
    (request) => service.update(request.params.id, request.body),
  );

  routes.patch(
    '/workspace/change-admin/:id',
    { preHandler, schema: { params: idParamsSchema, body: changeAdminBodySchema, response: one } },
    (request) => service.changeAdmin(request.params.id, request.body.newAdminEmail),
  );
};
