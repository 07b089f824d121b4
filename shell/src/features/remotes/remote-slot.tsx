import { startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { RemoteAppProps, RemoteName } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import { slotFrame } from '../../shared/page-load/slot-frame';
import { loadRemoteApp } from './federation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import styles from './remote-slot.module.css';

type RemoteApp = ComponentType<RemoteAppProps>;

/** The remotes whose ./App has run: opening one again renders it at once, without a spinner. */
const readyApps = new Map<RemoteName, RemoteApp>();

function Loading() {
  return (
    <div className={styles.loading}>
      <Spinner size="lg" />
    </div>
  );
}

export function RemoteSlot({ name, ...props }: RemoteAppProps & { name: RemoteName }) {
  return (
    <RemoteErrorBoundary key={name} remote={name}>
      <LoadedRemote name={name} {...props} />
    </RemoteErrorBoundary>
  );
}

/**
 * The remote's ./App once loaded, a spinner until then. Not a lazy component: the frame around
 * the slot is painted before the remote's modules run (slot-frame), and the remote then appears
 * as a transition update. Shown through a Suspense boundary, its arrival would count as a retry,
 * which React holds until 300 ms after the spinner appeared: a wait on a fast machine for nothing.
 * A failed load is thrown to the error boundary, which shows the slot's error panel.
 */
function LoadedRemote({ name, ...props }: RemoteAppProps & { name: RemoteName }) {
  const [App, setApp] = useState<RemoteApp | null>(() => readyApps.get(name) ?? null);
  const [failure, setFailure] = useState<Error | null>(null);

  useEffect(() => {
    slotFrame.shown();
    if (App) return;
    let current = true;
    loadRemoteApp<RemoteAppProps>(name).then(
      (module) => {
        readyApps.set(name, module.default);
        // A transition: its first render yields to the browser every few milliseconds.
        if (current) startTransition(() => setApp(() => module.default));
      },
      (error: unknown) => current && setFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      current = false;
    };
  }, [name, App]);

  if (failure) throw failure;
  if (!App) return <Loading />;
  // The remote's own lazy parts (a chat's view, the dialogs) may still suspend inside it.
  return (
    <Suspense fallback={<Loading />}>
      <App {...props} />
    </Suspense>
  );
}
