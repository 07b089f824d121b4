import { lazy, Suspense, useCallback, useState } from 'react';
import { closeLocalData, localDataFor } from '@chat/outbox';

// The dialog (and the modal code under it) is not on the first page's path.
const UnsentSignOutDialog = lazy(() => import('./unsent-sign-out-dialog'));

/**
 * Signing out with messages still in the outbox asks first, saying what is lost; 'Sair
 * e apagar' empties the outbox (another user may sign in on this browser next), 'Continuar
 * conectado' keeps everything.
 */
export function useUnsentSignOut(userId: string | null, unsent: number) {
  const [asking, setAsking] = useState<(() => void) | null>(null);

  const ask = useCallback(
    (signOut: () => void) => {
      // The sender stops with the session; what it holds waits for this user's next sign-in.
      const proceed = () => {
        closeLocalData();
        signOut();
      };
      if (!userId || unsent === 0) proceed();
      else setAsking(() => proceed);
    },
    [userId, unsent],
  );

  const dialog = asking && userId && (
    <Suspense fallback={null}>
      <UnsentSignOutDialog
        unsent={unsent}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          setAsking(null);
          void localDataFor(userId).outbox.clear().finally(asking);
        }}
      />
    </Suspense>
  );

  return { ask, dialog };
}
