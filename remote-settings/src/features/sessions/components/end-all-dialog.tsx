import { SESSIONS_TEXTS } from '@chat/contracts';
import { Button, Modal } from '@chat/ui';
import styles from './sessions.module.css';

interface Props {
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Sair de todos os dispositivos' asks first: this device is signed out too. */
export function EndAllDialog({ onConfirm, onClose }: Props) {
  return (
    <Modal
      title={SESSIONS_TEXTS.endAllTitle}
      description={SESSIONS_TEXTS.endAllDescription}
      open
      onOpenChange={(open) => !open && onClose()}
      maxWidth="sm"
    >
      <div className={styles.dialogActions}>
        <Button variant="outline" width="sm" onClick={onClose}>
          {SESSIONS_TEXTS.cancel}
        </Button>
        <Button
          colorType="destructive"
          width="sm"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {SESSIONS_TEXTS.endAllConfirm}
        </Button>
      </div>
    </Modal>
  );
}
