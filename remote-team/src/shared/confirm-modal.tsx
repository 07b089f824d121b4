import { useState, type ReactNode } from 'react';
import { Button, Modal } from '@chat/ui';
import styles from './confirm-modal.module.css';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Choices under the question (check boxes), outside its paragraph. */
  options?: ReactNode;
  /** Resolves when done (the modal then closes); errors are the caller's to report. */
  onConfirm: () => Promise<boolean>;
  onOpenChange: (open: boolean) => void;
}

/**
 * A destructive action confirmed with a button (docs/produto.md, Telas: the remove-member modal).
 */
export function ConfirmModal({ title, children, confirmLabel, options, onConfirm, onOpenChange }: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm();
    setBusy(false);
    if (done) onOpenChange(false);
  };

  return (
    <Modal title={title} open onOpenChange={onOpenChange} maxWidth="sm">
      <div className={styles.body}>
        <p className={styles.text}>{children}</p>
        {options}
        <div className={styles.actions}>
          <Button variant="outline" width="sm" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancelar
          </Button>
          <Button colorType="destructive" className={styles.confirm} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
