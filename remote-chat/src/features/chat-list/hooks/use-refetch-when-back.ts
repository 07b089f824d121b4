import { useEffect } from 'react';
import { eventBus, subscribe } from '@chat/event-bus';

/**
 * A list that could not be fetched (an offline start, the server down) fetches again by itself
 * when the browser is back online or the live connection comes up.
 */
export function useRefetchWhenBack(failed: boolean, reload: () => void) {
  useEffect(() => {
    if (!failed) return;
    const offs = [
      subscribe(eventBus, 'socket:status', ({ status }) => status === 'connected' && reload()),
      () => window.removeEventListener('online', reload),
    ];
    window.addEventListener('online', reload);
    return () => offs.forEach((off) => off());
  }, [failed, reload]);
}
