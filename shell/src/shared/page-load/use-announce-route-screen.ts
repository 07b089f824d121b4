import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { eventBus, type EventBus } from '@chat/event-bus';
import { announcesFirstScreenAt } from './after-page-settles';

/**
 * The socket and the service worker wait for the page's first screen (after-page-settles.ts),
 * which only remote-chat announces. A user who goes to another page (team, settings) before the
 * chat's screen was announced left the shell waiting for a screen that would never come, up to
 * FIRST_SCREEN_TIMEOUT_MS: the socket opened late there and missed that page's live changes. On a
 * route whose remote announces nothing, the screen the shell waits for is the route itself.
 */
export function useAnnounceRouteScreen(bus: EventBus = eventBus): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!announcesFirstScreenAt(pathname)) bus.emit('screen:ready', undefined);
  }, [pathname, bus]);
}
