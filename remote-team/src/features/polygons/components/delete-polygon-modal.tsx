import { useState } from 'react';
import { deletePolygon } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type PolygonListItem } from '@chat/contracts';
import { Button, Modal } from '@chat/ui';
import { notifyError, notifySuccess } from '../../../shared/notify';
import styles from './polygons.module.css';

interface Props {
  polygon: PolygonListItem;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** Deleting a polygon takes the label off its members. */
export function DeletePolygonModal({ polygon, onOpenChange, onDone }: Props) {
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await deletePolygon(polygon.id);
      notifySuccess(SUCCESS_TEXTS.polygon.deleted);
      onDone();
      onOpenChange(false);
    } catch (error) {
      notifyError(error, ERROR_TEXTS.polygon.remove);
    } finally {
      setDeleting(false);
    }
  };

  const carriers = polygon.membersCount === 1 ? '1 membro perde' : `${polygon.membersCount} membros perdem`;
  return (
    <Modal title="Excluir poligonal" open onOpenChange={onOpenChange} maxWidth="sm">
      <div className={styles.form}>
        <p className={styles.confirmText}>
          Excluir <strong>{polygon.name}</strong>?{polygon.membersCount > 0 ? ` ${carriers} esta poligonal.` : ''}
        </p>
        <div className={styles.confirmActions}>
          <Button variant="outline" width="sm" onClick={() => onOpenChange(false)} disabled={deleting}>
            Cancelar
          </Button>
          <Button colorType="destructive" width="sm" loading={deleting} onClick={() => void confirm()}>
            Excluir
          </Button>
        </div>
      </div>
    </Modal>
  );
}
