import { OUTBOX_TEXTS } from '@chat/contracts';
import { Button, Modal } from '@chat/ui';
import styles from './unsent-sign-out.module.css';

interface Props {
  unsent: number;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The question of useUnsentSignOut; its own chunk, downloaded the first time it is asked. */
export default function UnsentSignOutDialog({ unsent, onCancel, onConfirm }: Props) {
  return (
    <Modal
      title={OUTBOX_TEXTS.signOutTitle}
      description={OUTBOX_TEXTS.signOutDescription(unsent)}
      open
      onOpenChange={(open) => !open && onCancel()}
      maxWidth="sm"
    >
      <div className={styles.actions}>
        <Button variant="outline" onClick={onCancel}>
          {OUTBOX_TEXTS.signOutCancel}
        </Button>
        <Button colorType="destructive" onClick={onConfirm}>
          {OUTBOX_TEXTS.signOutConfirm}
        </Button>
      </div>
    </Modal>
  );
}
