import { eq } from 'drizzle-orm';
import { workspaceSettingsBodySchema, workspaceSettingsSchema } from '@chat/contracts';
import { workspaces } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { signedInRoutes } from '../auth/signed-in-routes';

// Mounted under /api: the settings an ADMIN keeps for their own workspace (the team page). ROOT's
// PUT /workspace/:id sets the rest; this static path wins over it.
export const workspaceSettingsRoutes = signedInRoutes({ roles: ['ADMIN'] }, (routes) => {
  const { db } = routes.ctx;

  routes.put(
    '/workspace/settings',
    { schema: { body: workspaceSettingsBodySchema, response: { 200: workspaceSettingsSchema } } },
    async (request) => {
      const { workspaceId } = request.user;
      if (!workspaceId) throw forbidden();
      const [row] = await db
        .update(workspaces)
        .set({ refuseExecutables: request.body.refuseExecutables })
        .where(eq(workspaces.id, workspaceId))
        .returning({ refuseExecutables: workspaces.refuseExecutables });
      if (!row) throw forbidden();
      return row;
    },
  );
});
