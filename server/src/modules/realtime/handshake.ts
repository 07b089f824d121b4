import type { Socket } from 'socket.io';
import { type Authenticator, authenticate } from '../auth/require-auth';

export const UNAUTHORIZED = 'Não autorizado';

export interface SocketUser {
  id: string;
  name: string;
  role: string;
  workspaceId: string | null;
  /** The session of the handshake's token (null for a token that names none): ending it closes the socket. */
  sessionId: string | null;
}

/** What the server keeps on a socket, which socket.io types as `any`. */
export interface SocketData {
  /** Set by the handshake, before any handler runs. */
  user: SocketUser;
  /** When the handshake's token expires (ms since the epoch): realtime.ts closes the socket then. */
  expiresAt: number;
  /** The users this socket watches, the one asked about longest ago first (user-status.ts). */
  watched?: string[];
}

export function socketData(socket: Pick<Socket, 'data'>): SocketData {
  return socket.data as SocketData;
}

/**
 * socket.io middleware: the handshake must carry a valid access token of an active user, of a
 * session not ended, in auth.token, and query.id (which the browser also sends) must be that same user.
 */
export function handshakeAuth(auth: Authenticator) {
  return (socket: Socket, next: (error?: Error) => void) => {
    const { token } = (socket.handshake.auth ?? {}) as { token?: unknown };
    const { id } = socket.handshake.query;
    authenticate(auth, typeof token === 'string' ? token : null)
      .then((authentication) => {
        const user = authentication.user;
        const claims = authentication.user ? authentication.claims : null;
        if (!user || !claims || typeof id !== 'string' || id !== user.id) return next(new Error(UNAUTHORIZED));
        const data: SocketUser = {
          id: user.id,
          name: user.name,
          role: user.role,
          workspaceId: user.workspaceId,
          sessionId: claims.sid ?? null,
        };
        socketData(socket).user = data;
        socketData(socket).expiresAt = claims.exp * 1000;
        return next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  };
}
