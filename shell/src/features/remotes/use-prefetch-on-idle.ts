import { useEffect } from 'react';
import { useAppConfig } from '../config/config-context';
import { prefetchOtherRemotes } from './federation';

/**
 * After the page has loaded and the main thread is idle, the other areas' remotes are fetched
 * (prefetchOtherRemotes), once per page: they never compete with what the first paint needs.
 * Pointing at or focusing a link (usePrefetchOnIntent) still starts one at once.
 */
export function usePrefetchOnIdle(): void {
  const config = useAppConfig();
  useEffect(() => {
    let cancel = () => undefined as void;
    const schedule = () => {
      const run = () => prefetchOtherRemotes(window.location.pathname, config);
      // Safari has no requestIdleCallback: a pause after the load event stands in for it.
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(run, { timeout: 10_000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(run, 2_000);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      cancel();
    };
  }, [config]);
}
