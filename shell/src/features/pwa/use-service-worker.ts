import { useEffect } from 'react';

/**
 * Registers the service worker once a signed-in area opens (issue 13). Not on the sign-in page:
 * its first download has a budget (`npm run sizes`), and the worker precaches every page of the
 * shell anyway, the public ones included. Production builds only: the dev server has no sw.js.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    void import('./register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  }, []);
}
