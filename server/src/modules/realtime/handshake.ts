import type { DefaultEventsMap, Namespace, Server, Socket } from 'socket.io';
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

/** What the server keeps on a socket: the fourth type parameter of socket.io's classes. */
export interface SocketData {
  /** Set by the handshake, before any handler runs. */
  user: SocketUser;
  /** When the handshake's token expires (ms since the epoch): realtime.ts closes the socket then. */
  expiresAt: number;
  /** The users this socket watches, the one asked about longest ago first (user-status.ts). */
  watched?: string[];
}

/**
 * socket.io's classes typed with what the server keeps on a socket, so `socket.data` needs no cast.
 * Event names and payloads stay loose here: the contracts' schemas check them where they are read.
 */
export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeNamespace = Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/**
 * socket.io middleware: the handshake must carry a valid access token of an active user, of a
 * session not ended, in auth.token, and query.id (which the browser also sends) must be that same user.
 */
export function handshakeAuth(auth: Authenticator) {
  return (socket: RealtimeSocket, next: (error?: Error) => void) => {
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
        socket.data.user = data;
        socket.data.expiresAt = claims.exp * 1000;
        return next();
      })
      .catch(() => next(new Error(UNAUTHORIZED)));
  };
}
