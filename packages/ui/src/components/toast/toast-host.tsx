import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '@chat/ui/toast-store';
import type { ToastProviderProps } from './toast-provider';

// Radix Toast is only downloaded when the first toast is raised: the sign-in page, the
// product's first screen, then stays within its JS budget (see `npm run sizes`).
const LazyToastProvider = lazy(() => import('./toast-provider').then((m) => ({ default: m.ToastProvider })));

let everShown = false;
const hasEverShown = () => (everShown ||= getToasts().length > 0);

/**
 * Mount once, in the shell: renders the page's toasts (title, description, type,
 * duration, swipe right, close button) once there is one to show. Toasts raised before it
 * loads wait in the store and appear as soon as it has.
 */
export function ToastHost(props: Omit<ToastProviderProps, 'children'>) {
  const shown = useSyncExternalStore(subscribeToasts, hasEverShown, hasEverShown);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastProvider {...props} />
    </Suspense>
  );
}
