import { ACCOUNT_DATA_TEXTS as T } from '@chat/contracts';
import { Button, Modal } from '@chat/ui';
import styles from '../../../my-data.module.css';

interface Props {
  deleteMessages: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last question before the account is erased: it cannot be undone. */
export function DeleteAccountDialog({ deleteMessages, onConfirm, onClose }: Props) {
  return (
    <Modal
      title={T.deleteConfirmTitle}
      description={deleteMessages ? `${T.deleteDescription} ${T.deleteMessagesLabel}.` : `${T.deleteDescription} ${T.deleteKeepMessages}`}
      open
      onOpenChange={(open) => !open && onClose()}
      maxWidth="sm"
    >
      <div className={styles.dialogActions}>
        <Button variant="outline" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button
          colorType="destructive"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {T.deleteConfirm}
        </Button>
      </div>
    </Modal>
  );
}
