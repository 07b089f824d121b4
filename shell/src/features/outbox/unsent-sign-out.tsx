import { useCallback, useState } from 'react';
import { OUTBOX_TEXTS } from '@chat/contracts';
import { closeLocalData, localDataFor } from '@chat/outbox';
import { Button, Modal } from '@chat/ui';
import styles from './unsent-sign-out.module.css';

/**
 * Issue 16: signing out with messages still in the outbox asks first, saying what is lost; 'Sair
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
    <Modal
      title={OUTBOX_TEXTS.signOutTitle}
      description={OUTBOX_TEXTS.signOutDescription(unsent)}
      open
      onOpenChange={(open) => !open && setAsking(null)}
      maxWidth="sm"
    >
      <div className={styles.actions}>
        <Button variant="outline" onClick={() => setAsking(null)}>
          {OUTBOX_TEXTS.signOutCancel}
        </Button>
        <Button
          colorType="destructive"
          onClick={() => {
            setAsking(null);
            void localDataFor(userId).outbox.clear().finally(asking);
          }}
        >
          {OUTBOX_TEXTS.signOutConfirm}
        </Button>
      </div>
    </Modal>
  );

  return { ask, dialog };
}
