import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { REMOTE_NAMES, type RemoteAppProps, type RemoteName } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import { loadRemoteApp } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import styles from './remote-slot.module.css';

// One lazy component per remote for the page's lifetime: nothing is fetched until it first
// renders, and navigating back to a remote does not fetch it again.
const REMOTE_APPS = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, lazy(() => loadRemoteApp<RemoteAppProps>(name))]),
) as Record<RemoteName, LazyExoticComponent<ComponentType<RemoteAppProps>>>;

export function RemoteSlot({ name, ...props }: RemoteAppProps & { name: RemoteName }) {
  const App = REMOTE_APPS[name];
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
