import { Button, Modal } from '@chat/ui';
import { ACTION_TEXTS } from '../lib/action-texts';
import styles from './delete-message-dialog.module.css';

interface Props {
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Apagar' asks first: a message deleted for everyone cannot come back. */
export function DeleteMessageDialog({ onConfirm, onClose }: Props) {
  return (
    <Modal
      title={ACTION_TEXTS.deleteTitle}
      description={ACTION_TEXTS.deleteDescription}
      open
      onOpenChange={(open) => !open && onClose()}
      maxWidth="sm"
    >
      <div className={styles.actions}>
        <Button variant="outline" width="sm" onClick={onClose}>
          {ACTION_TEXTS.cancel}
        </Button>
        <Button
          colorType="destructive"
          width="sm"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {ACTION_TEXTS.delete}
        </Button>
      </div>
    </Modal>
  );
}
