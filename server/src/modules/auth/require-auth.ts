import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@chat/contracts';
import { forbidden, unauthorized } from '../../lib/errors';
import { findUserById } from '../users/users.repository';
import type { UserWithWorkspace } from '../users/user-entity';
import type { AccessTokens } from './access-token';
import type { Db } from '../../db/client';

export const SESSION_INVALID = 'Sessão inválida ou expirada';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * The user behind an access token, or null. The user is read again from the database, so a
 * removed member is refused at once and role/workspace are current, not as they were at sign-in.
 */
export async function authenticate(
  db: Db,
  accessTokens: AccessTokens,
  token: string | null | undefined,
): Promise<UserWithWorkspace | null> {
  if (!token) return null;
  const claims = await accessTokens.verify(token);
  if (!claims) return null;
  const user = await findUserById(db, claims.sub);
  return user?.active ? user : null;
}

/**
 * preHandler for protected routes: 401 without a valid bearer token of an active user (the browser
 * then renews its session), 403 when the user's role is not among `roles`.
 */
export function requireAuth(roles?: readonly Role[]): preHandlerAsyncHookHandler {
  return async function requireAuthHandler(request) {
    const { db, accessTokens } = request.server.ctx;
    const user = await authenticate(db, accessTokens, bearerToken(request));
    if (!user) throw unauthorized(SESSION_INVALID);
    if (roles && !roles.includes(user.role)) throw forbidden();
    request.user = user;
  };
}
