import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SESSION_TEXTS, type Role } from '@chat/contracts';
import { forbidden, unauthorized } from '../../lib/errors';
import type { UserWithWorkspace } from '../users/user-entity';
import type { AppContext } from '../../context';
import { passwordStamp, type ServerAccessClaims } from './access-token';
import { authenticateApiKey, API_KEY_HEADER } from '../api-keys/api-key-auth';

export const SESSION_INVALID = 'Sessão inválida ou expirada';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The user behind an access token and its claims, or why it is refused (the 401's message). */
export type Authentication = { user: UserWithWorkspace; claims: ServerAccessClaims | null } | { user: null; refusal: string };

/** What authenticate() reads: all of it kept in memory but the user (see SessionUsers). */
export type Authenticator = Pick<AppContext, 'sessionUsers' | 'accessTokens' | 'revokedSessions'>;

const INVALID: Authentication = { user: null, refusal: SESSION_INVALID };
/**
 * A token issued before the last password change says so: a page that missed the socket's
 * 'session:revoked' (its socket was not open yet) learns from its next call why it is signed out.
 */
const PASSWORD_CHANGED: Authentication = { user: null, refusal: SESSION_TEXTS.passwordChanged.description };
/** The token's session was ended (signed out, or ended from another device). */
const SESSION_ENDED: Authentication = { user: null, refusal: SESSION_TEXTS.ended.description };

/**
 * The user behind an access token, or a refusal. The user is read again from the database, so a
 * removed member is refused at once and role/workspace are current, not as they were at sign-in.
 * A token of an ended session is refused from memory (RevokedSessions), before any query.
 */
export async function authenticate(auth: Authenticator, token: string | null | undefined, cached = false): Promise<Authentication> {
  if (!token) return INVALID;
  const claims = await auth.accessTokens.verify(token);
  if (!claims) return INVALID;
  const revocation = claims.sid === undefined ? null : auth.revokedSessions.revocation(claims.sid);
  if (revocation) return revocation === 'password' ? PASSWORD_CHANGED : SESSION_ENDED;
  const user = await (cached ? auth.sessionUsers.cachedById(claims.sub) : auth.sessionUsers.byId(claims.sub));
  if (!user?.active) return INVALID;
  // Issued before the last password change (a change ends every other session: docs/produto.md,
  // Contas, sessões e segurança).
  if (claims.sv !== undefined && claims.sv !== passwordStamp(user.passwordHash)) return PASSWORD_CHANGED;
  return { user, claims };
}

export interface RequireAuthOptions {
  /**
   * 'refused' for what an integration must never do even with a FULL_ACCESS key: manage API keys
   * and passwords. Browsers never send x-api-key, so their flow is the same either way.
   */
  apiKey?: 'allowed' | 'refused';
  /**
   * A bearer token's user may come from this process's cache (SessionUsers.cachedById),
   * saving a round trip. Only for a route that confirms the user where it writes and, when that
   * fails, calls request.recheckUser() for a fresh read (the send: author-guard.ts).
   */
  cachedUser?: boolean;
}

/**
 * preHandler for protected routes: 401 without a valid bearer token of an active user (the browser
 * then renews its session), 403 when the user's role is not among `roles`. A request with an
 * x-api-key header is an integration: it acts as the key's owner within the key's permissions.
 */
export function requireAuth(roles?: readonly Role[], options: RequireAuthOptions = {}): preHandlerAsyncHookHandler {
  return async function requireAuthHandler(request) {
    const { ctx } = request.server;
    const byToken = request.headers[API_KEY_HEADER] === undefined;
    if (byToken && options.cachedUser) {
      const fresh = async () => allowed(request, await authenticate(ctx, bearerToken(request)), roles);
      const known = await authenticate(ctx, bearerToken(request), true);
      // A refusal is never taken from the cache: the user may have been let back in since.
      request.user = known.user && (!roles || roles.includes(known.user.role)) ? allowed(request, known, roles) : await fresh();
      request.recheckUser = async () => (request.user = await fresh());
      return;
    }
    const authentication: Authentication = byToken
      ? await authenticate(ctx, bearerToken(request))
      : await apiKeyAuthentication(request, options.apiKey ?? 'allowed');
    request.user = allowed(request, authentication, roles);
  };
}

/** The authenticated user when their role is among `roles`; also records the session they act in. */
function allowed(request: FastifyRequest, authentication: Authentication, roles: readonly Role[] | undefined): UserWithWorkspace {
  if (!authentication.user) throw unauthorized(authentication.refusal);
  if (roles && !roles.includes(authentication.user.role)) throw forbidden();
  request.sessionId = authentication.claims?.sid ?? null;
  return authentication.user;
}

/** An integration's key stands for its owner and for no session (request.sessionId stays null). */
async function apiKeyAuthentication(request: FastifyRequest, apiKey: 'allowed' | 'refused'): Promise<Authentication> {
  return { user: await authenticateApiKey(request, apiKey), claims: null };
}
