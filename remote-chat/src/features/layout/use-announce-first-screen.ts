import { useCallback, useEffect, useRef } from 'react';
import { eventBus } from '@chat/event-bus';

/**
 * The longest wait for the browser to report the list's paint. It reports none when the list is
 * not the largest thing painted so far (a wide screen, where the empty chat area's text is), and
 * then nothing waits on the list's paint anyway.
 */
export const PAINT_REPORT_TIMEOUT_MS = 500;

const reportsLargestPaint = () =>
  typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');

/**
 * Tells the shell that the list is on screen (with its chats, or its error): the shell opens the
 * live connection and registers the service worker only after that, so that their
 * downloads and start-up stay out of the list's first paint. An effect, or a task after the next
 * frame, ran before the frame reached the screen (Lighthouse traces showed the socket's chunk
 * requested just before the list's LCP): the browser's largest-contentful-paint entry for the
 * list comes once it has, so the announcement waits for an entry painted after this commit.
 */
export function useAnnounceFirstScreen(listShown: boolean): void {
  const announced = useRef(false);
  const announce = useCallback(() => {
    if (announced.current) return;
    announced.current = true;
    eventBus.emit('screen:ready', undefined);
  }, []);

  useEffect(() => {
    if (!listShown) return;
    const committedAt = performance.now();
    let observer: PerformanceObserver | undefined;
    const shown = () => {
      clearTimeout(timer);
      observer?.disconnect();
      announce();
    };
    const timer = setTimeout(shown, PAINT_REPORT_TIMEOUT_MS);
    if (reportsLargestPaint()) {
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntries().some((entry) => entry.startTime >= committedAt)) shown();
      });
      observer.observe({ type: 'largest-contentful-paint' });
    }
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [listShown, announce]);

  // Left before its list was painted (another page of the menu): the shell must not wait for a
  // screen that is gone, or the live connection opens seconds late on the next page, missing what
  // happens there meanwhile (a team page that follows ROOT's changes live).
  useEffect(() => announce, [announce]);
}
