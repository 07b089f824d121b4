import { useEffect } from 'react';
import { eventBus } from '@chat/event-bus';

/**
 * Tells the shell that the list has been shown (with its chats, or its error): the shell opens
 * the live connection and registers the service worker only after that (issue 18), so that their
 * downloads and start-up stay out of the list's first paint. An effect runs after the commit that
 * shows the list; the shell then still waits for an idle moment.
 */
export function useAnnounceFirstScreen(listShown: boolean): void {
  useEffect(() => {
    if (listShown) eventBus.emit('screen:ready', undefined);
  }, [listShown]);
}
