import { useEffect } from 'react';
import { afterPageSettles } from '../../shared/page-load/after-page-settles';

/**
 * Registers the service worker once a signed-in area opens. Not on the sign-in page:
 * its first download has a budget (`npm run sizes`), and the worker precaches every page of the
 * shell anyway, the public ones included. Only after the page has settled (loaded, its first
 * screen shown, idle): installing the worker downloads the whole precache, which on
 * a first visit competed with the page's own files and lengthened its LCP and blocking time.
 * Production builds only: the dev server has no sw.js.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    // The worker's registration code is downloaded then too, not beside the first screen's.
    return afterPageSettles(() => void import('./register-service-worker').then((module) => module.registerServiceWorker()));
  }, []);
}
