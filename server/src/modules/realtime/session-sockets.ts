import type { RevokedSessions } from '../auth/revoked-sessions';
import type { RealtimeNamespace } from './handshake';
import { sessionRoom } from './rooms';

/**
 * Ended sessions lose their sockets: every process closes its own when it learns of the end (from
 * its own request, the Redis announcement or its reconciliation, revoked-sessions.ts), so a lost
 * adapter broadcast cannot leave one open. The page is told first ('session:revoked', the same
 * handling as a password change: it asks the server, is refused and signs out); then the socket is
 * disconnected, and a new handshake with the token is refused.
 */
export function closeEndedSessions(events: RealtimeNamespace, revokedSessions: RevokedSessions): () => void {
  return revokedSessions.onEnded((sessionIds, reason) => {
    const rooms = sessionIds.map(sessionRoom);
    events.local.to(rooms).emit('session:revoked', { reason });
    events.local.in(rooms).disconnectSockets(false);
  });
}
