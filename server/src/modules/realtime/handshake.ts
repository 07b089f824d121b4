import type { Socket } from 'socket.io';
import type { AccessTokens } from '../auth/access-token';
import { authenticate } from '../auth/require-auth';
import type { SessionUsers } from '../auth/session-users';

export const UNAUTHORIZED = 'Não autorizado';

export interface SocketUser {
  id: string;
  name: string;
  role: string;
  workspaceId: string | null;
}

/**
 * socket.io middleware: the handshake must carry a valid access token of an active user in
 * auth.token, and query.id (which the browser also sends) must be that same user.
 */
export function handshakeAuth(users: SessionUsers, accessTokens: AccessTokens) {
  return (socket: Socket, next: (error?: Error) => void) => {
    const { token } = (socket.handshake.auth ?? {}) as { token?: unknown };
    const { id } = socket.handshake.query;
    const presented = typeof token === 'string' ? token : null;
    // One after the other: the second verify finds the token verified by the first (side by side,
    // both missed and paid the HMAC).
    authenticate(users, accessTokens, presented)
      .then(async ({ user }) => [user, user && presented ? await accessTokens.verify(presented) : null] as const)
      .then(([user, claims]) => {
        if (!user || !claims || typeof id !== 'string' || id !== user.id) return next(new Error(UNAUTHORIZED));
        const data: SocketUser = { id: user.id, name: user.name, role: user.role, workspaceId: user.workspaceId };
        socket.data.user = data;
        // When the handshake's token expires (ms since the epoch): realtime.ts closes the socket then.
        socket.data.expiresAt = claims.exp * 1000;
        return next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  };
}
