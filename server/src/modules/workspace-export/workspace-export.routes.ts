import { dataExportStateSchema, WORKSPACE_EXPORT_ERRORS as E } from '@chat/contracts';
import { inTransaction } from '../../db/transaction';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { actorOf, record } from '../audit/audit';
import { signedInRoutes } from '../auth/signed-in-routes';
import { finishedOf, insertPending, latestOf } from '../exports/data-exports.repository';
import { downloadable, exportStateOf, sendExportZip } from '../exports/export-download';
import { type DataExportJobs, removeExports } from '../exports/export-jobs';

// Mounted under /api: the export of the ADMIN's own workspace. Any ADMIN of the workspace sees its
// state and downloads it, with their session only: the zip holds everyone's messages, so an
// integration's API key is refused.
export const workspaceExportRoutes = (jobs: DataExportJobs) =>
  signedInRoutes({ roles: ['ADMIN'], apiKey: 'refused' }, (routes) => {
    const { db, env, now } = routes.ctx;

    const workspaceOf = (user: { workspaceId: string | null }) => {
      if (!user.workspaceId) throw forbidden();
      return { workspaceId: user.workspaceId };
    };

    // One at a time per workspace; the previous file goes when a new one is asked for.
    routes.post('/workspace-export', { schema: { response: { 202: dataExportStateSchema } } }, async (request, reply) => {
      const scope = workspaceOf(request.user);
      const previous = await finishedOf(db, scope);
      const row = await inTransaction(db, async (tx) => {
        const pending = await insertPending(tx, request.user.id, scope);
        if (!pending) throw conflict(E.running);
        await record(tx, { action: 'workspace.exported', workspaceId: scope.workspaceId, actor: actorOf(request) });
        return pending;
      });
      await removeExports({ db, dataDir: env.dataDir }, previous);
      jobs.kick();
      return reply.status(202).send(exportStateOf(row));
    });

    routes.get('/workspace-export/status', { schema: { response: { 200: dataExportStateSchema } } }, async (request) =>
      exportStateOf(await latestOf(db, workspaceOf(request.user))),
    );

    // The zip itself, streamed from DATA_DIR; only while its link is valid.
    routes.get('/workspace-export', async (request, reply) => {
      const row = downloadable(await latestOf(db, workspaceOf(request.user)), now());
      if (!row) throw notFound(E.notReady);
      return sendExportZip(reply, env.dataDir, row, 'papo-workspace');
    });
  });
