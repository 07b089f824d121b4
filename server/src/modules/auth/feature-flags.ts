import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { type FeatureFlag, featureFlags } from '@chat/contracts';
import { forbidden } from '../../lib/errors';
import type { UserWithWorkspace } from '../users/user-entity';

/**
 * The flags of docs/produto.md, Funcionalidades por workspace for this request: the same pure
 * function the browser uses to hide things, so what is hidden is also refused. The origin is the
 * deployment's own (APP_URL), never the request's Origin header: a client that omits or forges it
 * (curl, a script) must get the same answer as the page, so on a deployment whose APP_URL is
 * PRODUCTION_ORIGIN the production rules hold for every request.
 */
export function requestFlags(request: FastifyRequest, user: UserWithWorkspace | null = request.user): Set<FeatureFlag> {
  const { featuredWorkspaceId, productionOrigin, appUrl } = request.server.ctx.env;
  const subject = user ? { role: user.role, workspaces: user.workspace ? [user.workspace] : [] } : null;
  return featureFlags(subject, { featuredWorkspaceId, productionOrigin }, appUrl);
}

/** onRequest hook for public routes a flag turns off: 403 before the body is even read. */
export function refuseWhenFlag(flag: FeatureFlag, message: string): onRequestAsyncHookHandler {
  return async function featureFlagGuard(request) {
    if (requestFlags(request, null).has(flag)) throw forbidden(message);
  };
}

/**
 * preHandler after requireAuth for calls a workspace feature turns on (create_members, edit_members,
 * polygonal): the page hides them without the flag, so the server refuses them too (403).
 */
export function requireFlag(flag: FeatureFlag, message: string): (request: FastifyRequest) => Promise<void> {
  return async function featureFlagRequired(request) {
    if (!requestFlags(request).has(flag)) throw forbidden(message);
  };
}
