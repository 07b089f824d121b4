import { useCallback, type SyntheticEvent } from 'react';
import { useAppConfig } from '../../shared/config/config-context';
import { preloadRemoteFor } from './federation';

/**
 * A handler for a navigation bar's pointer-over and focus: when a link to another remote's area
 * is pointed at (or focused, or touched), that remote starts downloading, so the click finds it
 * loaded or on its way.
 */
export function usePrefetchOnIntent(): (event: SyntheticEvent) => void {
  const config = useAppConfig();
  return useCallback(
    (event: SyntheticEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement) preloadRemoteFor(new URL(link.href).pathname, config);
    },
    [config],
  );
}
