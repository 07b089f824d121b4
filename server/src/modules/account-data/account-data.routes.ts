import { createReadStream } from 'node:fs';
import { ACCOUNT_DATA_ERRORS as E, dataExportStateSchema, deleteAccountBodySchema, type DataExportState } from '@chat/contracts';
import type { DataExportRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { signedInRoutes } from '../auth/signed-in-routes';
import { finishedOf, insertPending, latestOf } from './data-exports.repository';
import { assertMayErase } from './delete-confirmation';
import { eraseAccount } from './erase-account';
import { type DataExportJobs, exportFilePath, removeExports } from './export-jobs';

// Mounted under /api: the person's own data. Only their session may ask for it, download it or
// erase the account: an integration's API key is refused, like for passwords.

const stateOf = (row: DataExportRow | null): DataExportState => ({
  export: row && {
    id: row.id,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  },
});

export const accountDataRoutes = (jobs: DataExportJobs) =>
  signedInRoutes({ apiKey: 'refused' }, (routes) => {
    const { db, env, now } = routes.ctx;

    // 'Baixar meus dados': one at a time; the previous file goes when a new one is asked for.
    routes.post('/user/me/export', { schema: { response: { 202: dataExportStateSchema } } }, async (request, reply) => {
      const previous = await finishedOf(db, request.user.id);
      const row = await insertPending(db, request.user.id);
      if (!row) throw conflict(E.exportRunning);
      await removeExports({ db, dataDir: env.dataDir }, previous);
      jobs.kick();
      return reply.status(202).send(stateOf(row));
    });

    routes.get('/user/me/export/status', { schema: { response: { 200: dataExportStateSchema } } }, async (request) =>
      stateOf(await latestOf(db, request.user.id)),
    );

    // The zip itself, streamed from DATA_DIR; only while its link is valid.
    routes.get('/user/me/export', async (request, reply) => {
      const row = await latestOf(db, request.user.id);
      if (!row || row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now()) throw notFound(E.exportNotReady);
      const day = row.readyAt!.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="papo-meus-dados-${day}.zip"`)
        .header('content-length', String(row.sizeBytes))
        .send(createReadStream(exportFilePath(env.dataDir, row.id)));
    });

    // 'Excluir minha conta'.
    routes.delete('/user/me', { schema: { body: deleteAccountBodySchema } }, async (request, reply) => {
      await assertMayErase(db, request.user, request.body, request.sessionId, now());
      await eraseAccount(routes, request.user, { deleteMessages: request.body.deleteMessages });
      return reply.status(204).send();
    });
  });
