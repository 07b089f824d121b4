import { ACCOUNT_DATA_ERRORS as E, dataExportStateSchema, deleteAccountBodySchema } from '@chat/contracts';
import { conflict, notFound } from '../../lib/errors';
import { signedInRoutes } from '../auth/signed-in-routes';
import { finishedOf, insertPending, latestOf } from '../exports/data-exports.repository';
import { downloadable, exportStateOf as stateOf, sendExportZip } from '../exports/export-download';
import { type DataExportJobs, removeExports } from '../exports/export-jobs';
import { assertMayErase } from './delete-confirmation';
import { eraseAccount } from './erase-account';

// Mounted under /api: the person's own data. Only their session may ask for it, download it or
// erase the account: an integration's API key is refused, like for passwords.

export const accountDataRoutes = (jobs: DataExportJobs) =>
  signedInRoutes({ apiKey: 'refused' }, (routes) => {
    const { db, env, now } = routes.ctx;

    // 'Baixar meus dados': one at a time; the previous file goes when a new one is asked for.
    routes.post('/user/me/export', { schema: { response: { 202: dataExportStateSchema } } }, async (request, reply) => {
      const mine = { userId: request.user.id };
      const previous = await finishedOf(db, mine);
      const row = await insertPending(db, request.user.id, mine);
      if (!row) throw conflict(E.exportRunning);
      await removeExports({ db, dataDir: env.dataDir }, previous);
      jobs.kick();
      return reply.status(202).send(stateOf(row));
    });

    routes.get('/user/me/export/status', { schema: { response: { 200: dataExportStateSchema } } }, async (request) =>
      stateOf(await latestOf(db, { userId: request.user.id })),
    );

    // The zip itself, streamed from DATA_DIR; only while its link is valid.
    routes.get('/user/me/export', async (request, reply) => {
      const row = downloadable(await latestOf(db, { userId: request.user.id }), now());
      if (!row) throw notFound(E.exportNotReady);
      return sendExportZip(reply, env.dataDir, row, 'papo-meus-dados');
    });

    // 'Excluir minha conta'.
    routes.delete('/user/me', { schema: { body: deleteAccountBodySchema } }, async (request, reply) => {
      await assertMayErase(db, request.user, request.body, request.sessionId, now());
      await eraseAccount(routes, request.user, { deleteMessages: request.body.deleteMessages });
      return reply.status(204).send();
    });
  });
