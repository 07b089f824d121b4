import { Button, Modal } from '@chat/ui';
import styles from './details-panel.module.css';

interface Props {
  title: string;
  description: string;
  confirmLabel: string;
  /** While the call runs: the confirm button shows it and the dialog stays. */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an act on the group that cannot be undone from here ('Remover', 'Sair do grupo'). */
export function ConfirmDialog({ title, description, confirmLabel, busy = false, onConfirm, onClose }: Props) {
  return (
    <Modal title={title} description={description} open onOpenChange={(open) => !open && onClose()} maxWidth="sm">
      <div className={styles.confirmActions}>
        <Button variant="outline" width="sm" onClick={onClose}>
          Cancelar
        </Button>
        <Button colorType="destructive" width="sm" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
