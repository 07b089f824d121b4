import { retentionPolicySchema } from '@chat/contracts';
import { inTransaction } from '../../db/transaction';
import { forbidden } from '../../lib/errors';
import { actorOf, record } from '../audit/audit';
import { signedInRoutes } from '../auth/signed-in-routes';
import { messageRetentionDays, saveMessageRetentionDays } from './retention-policy';

// Mounted under /api: the ADMIN's retention policy for their own workspace. The daily job
// (retention-run.ts) applies it.
export const retentionRoutes = signedInRoutes({ roles: ['ADMIN'] }, (routes) => {
  const { db, now } = routes.ctx;

  routes.get('/retention-policy', { schema: { response: { 200: retentionPolicySchema } } }, async (request) => {
    if (!request.user.workspaceId) throw forbidden();
    return { messageRetentionDays: await messageRetentionDays(db, request.user.workspaceId) };
  });

  routes.put(
    '/retention-policy',
    { schema: { body: retentionPolicySchema, response: { 200: retentionPolicySchema } } },
    async (request) => {
      const workspaceId = request.user.workspaceId;
      if (!workspaceId) throw forbidden();
      const days = request.body.messageRetentionDays;
      await inTransaction(db, async (tx) => {
        const before = await messageRetentionDays(tx, workspaceId);
        await saveMessageRetentionDays(tx, workspaceId, days, now());
        if (before !== days) {
          await record(tx, {
            action: 'workspace.retention_changed',
            workspaceId,
            actor: actorOf(request),
            details: { from: before, to: days },
          });
        }
      });
      return { messageRetentionDays: days };
    },
  );
});
