import { useEffect, useState } from 'react';
import type { PresenceStatus, UserStatusPayload } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';

export interface PresenceState {
  status: PresenceStatus;
  /** When an offline user was last seen, when known (ISO time). */
  lastSeenAt: string | null;
}

/**
 * What the socket says of a user's presence: asks ('checkUserStatus') when opened and again after
 * each reconnect (changes during an outage were missed), and follows 'userStatus'/
 * 'userStatusResponse'. Null until something is known, and while the connection is down.
 */
export function usePresence(userId: string | null): PresenceState | null {
  const [status, setStatus] = useState<(PresenceState & { userId: string }) | null>(null);

  useEffect(() => {
    if (!userId) return;
    const onStatus = (payload: UserStatusPayload) => {
      if (payload.userId === userId) setStatus({ userId, status: payload.status, lastSeenAt: payload.lastSeenAt ?? null });
    };
    const check = () => eventBus.emit('socket:emit', { event: 'checkUserStatus', payload: { userId } });
    const offs = [
      subscribe(eventBus, 'userStatus', onStatus),
      subscribe(eventBus, 'userStatusResponse', onStatus),
      subscribe(eventBus, 'socket:reconnected', check),
      // Without a connection nothing is known: no stale 'online' during an outage.
      subscribe(eventBus, 'socket:status', ({ status: socket }) => {
        if (socket !== 'connected') setStatus(null);
      }),
    ];
    check();
    return () => offs.forEach((off) => off());
  }, [userId]);

  return status && status.userId === userId ? { status: status.status, lastSeenAt: status.lastSeenAt } : null;
}
