import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteAppProps, RemoteName } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import { loadRemoteApp } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import styles from './remote-slot.module.css';

// One lazy component per remote for the page's lifetime, so navigating back does not refetch.
const lazyApps = new Map<RemoteName, LazyExoticComponent<ComponentType<RemoteAppProps>>>();

function lazyApp(name: RemoteName) {
  let app = lazyApps.get(name);
  if (!app) {
    app = lazy(() => loadRemoteApp<RemoteAppProps>(name));
    lazyApps.set(name, app);
  }
  return app;
}

export function RemoteSlot({ name, ...props }: RemoteAppProps & { name: RemoteName }) {
  const App = useMemo(() => lazyApp(name), [name]);
  return (
    <RemoteErrorBoundary key={name} remote={name}>
      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner size="lg" />
          </div>
        }
      >
        <App {...props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
