import * as z from 'zod/mini';
import { deleteWorkspaceBodySchema, idParamsSchema, WORKSPACE_DELETION_ERRORS, workspaceDeletionSchema } from '@chat/contracts';
import { notFound } from '../../lib/errors';
import { actorOf } from '../audit/audit';
import { signedInRoutes } from '../auth/signed-in-routes';
import { startDeletion } from './start-deletion';
import type { WorkspaceDeletionJobs } from './workspace-deletion-jobs';
import { findDeletion, toDeletion, unfinished } from './workspace-deletions.repository';

// Mounted under /api, ROOT only: 'Excluir workspace' and the progress of the job it starts.
export const workspaceDeletionRoutes = (jobs: WorkspaceDeletionJobs) =>
  signedInRoutes({ roles: ['ROOT'] }, (routes) => {
    const { db } = routes.ctx;

    routes.delete(
      '/workspace/:id',
      { schema: { params: idParamsSchema, body: deleteWorkspaceBodySchema, response: { 202: workspaceDeletionSchema } } },
      async (request, reply) => {
        const actor = { ...actorOf(request), id: request.user.id };
        const deletion = await startDeletion(routes, request.params.id, request.body.confirmName, actor);
        jobs.kick();
        return reply.status(202).send(deletion);
      },
    );

    // The deletions not yet done, so the list of workspaces can show them after a reload.
    routes.get('/workspace/deletions', { schema: { response: { 200: z.array(workspaceDeletionSchema) } } }, async () =>
      (await unfinished(db)).map(toDeletion),
    );

    routes.get(
      '/workspace/deletions/:id',
      { schema: { params: idParamsSchema, response: { 200: workspaceDeletionSchema } } },
      async (request) => {
        const row = await findDeletion(db, request.params.id);
        if (!row) throw notFound(WORKSPACE_DELETION_ERRORS.notFound);
        return toDeletion(row);
      },
    );
  });
