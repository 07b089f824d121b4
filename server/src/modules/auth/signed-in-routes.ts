import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '@chat/contracts';
import { requireAuth, type RequireAuthOptions } from './require-auth';

/**
 * Zod's type provider plus a mark that context.ts reads to type `request.user` as set rather than
 * nullable. It exists only in types: withTypeProvider returns the same instance at run time.
 */
export interface SignedInTypeProvider extends ZodTypeProvider {
  readonly signedIn: true;
}

/** What the routes of a signed-in scope are declared on: their handlers read `request.user.id`. */
export type SignedInRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  SignedInTypeProvider
>;

export interface SignedInOptions extends RequireAuthOptions {
  /** Who may call: any signed-in user when absent, else 403 for the other roles. */
  roles?: readonly Role[];
  /**
   * When the check runs: after the body is validated by default (a bad body is a 400 first), or
   * on request, before the body is even read, so anonymous callers learn nothing about it.
   */
  stage?: 'preHandler' | 'onRequest';
}

/**
 * A scope whose every route first runs requireAuth with `options` (401 without a valid session,
 * 403 for a role not allowed), declared by `register` on an instance whose handlers see
 * `request.user` set. The check is put at the head of each route's own hooks rather than added as
 * a scope hook, so a route carries it as before: it still runs before the route's other
 * preHandlers (feature flags), and the OpenAPI document still finds it on the route.
 *
 * Only the handler and the hooks after the check may rely on `request.user`: an onResponse or
 * onError hook also runs for a refused request, so it must check the status first. Scopes are not
 * nested: an inner one would inherit the outer onRoute hook and check twice.
 */
export function signedInRoutes(options: SignedInOptions, register: (routes: SignedInRoutes) => void | Promise<void>): FastifyPluginAsync {
  const check = requireAuth(options.roles, options);
  return async (app) => {
    app.addHook('onRoute', (route) => {
      if (options.stage === 'onRequest') route.onRequest = [check, ...[route.onRequest ?? []].flat()];
      else route.preHandler = [check, ...[route.preHandler ?? []].flat()];
    });
    await register(app.withTypeProvider<SignedInTypeProvider>());
  };
}
