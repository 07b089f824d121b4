import { useEffect, useState } from 'react';
import type { PresenceStatus, UserStatusPayload } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';

/**
 * What the socket says of a user's presence: asks once ('checkUserStatus') and follows
 * 'userStatus'/'userStatusResponse'. Null until something is known.
 */
export function usePresence(userId: string | null): PresenceStatus | null {
  const [status, setStatus] = useState<{ userId: string; status: PresenceStatus } | null>(null);

  useEffect(() => {
    if (!userId) return;
    const onStatus = (payload: UserStatusPayload) => {
      if (payload.userId === userId) setStatus({ userId, status: payload.status });
    };
    const offs = [subscribe(eventBus, 'userStatus', onStatus), subscribe(eventBus, 'userStatusResponse', onStatus)];
    eventBus.emit('socket:emit', { event: 'checkUserStatus', payload: { userId } });
    return () => offs.forEach((off) => off());
  }, [userId]);

  return status && status.userId === userId ? status.status : null;
}
