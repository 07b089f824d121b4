import { useEffect } from 'react';

/** How long after the page is idle the worker may wait at most before registering anyway. */
const IDLE_TIMEOUT_MS = 10_000;

/** Resolves once the page has loaded and the main thread is idle (or the timeout passed). */
function afterLoadAndIdle(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
        else setTimeout(resolve, 1000);
      }),
  );
}

/**
 * Registers the service worker once a signed-in area opens (issue 13). Not on the sign-in page:
 * its first download has a budget (`npm run sizes`), and the worker precaches every page of the
 * shell anyway, the public ones included. Only after the page has loaded and gone idle: installing
 * the worker downloads the whole precache (about 900 kB), which on a first visit competed with the
 * page's own files and lengthened its LCP and blocking time. Production builds only: the dev server
 * has no sw.js.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let cancelled = false;
    void afterLoadAndIdle()
      .then(() => (cancelled ? null : import('./register-service-worker')))
      .then((module) => module?.registerServiceWorker());
    return () => {
      cancelled = true;
    };
  }, []);
}
