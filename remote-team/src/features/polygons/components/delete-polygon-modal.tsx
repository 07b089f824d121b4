import { deletePolygon } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type PolygonListItem } from '@chat/contracts';
import { ConfirmModal } from '../../../shared/confirm-modal';
import { notifyError, notifySuccess } from '../../../shared/notify';

interface Props {
  polygon: PolygonListItem;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** Deleting a polygon takes the label off its members. */
export function DeletePolygonModal({ polygon, onOpenChange, onDone }: Props) {
  const confirm = async () => {
    try {
      await deletePolygon(polygon.id);
      notifySuccess(SUCCESS_TEXTS.polygon.deleted);
      onDone();
      return true;
    } catch (error) {
      notifyError(error, ERROR_TEXTS.polygon.remove);
      return false;
    }
  };

  const carriers = polygon.membersCount === 1 ? '1 membro perde' : `${polygon.membersCount} membros perdem`;
  return (
    <ConfirmModal title="Excluir poligonal" confirmLabel="Excluir" onConfirm={confirm} onOpenChange={onOpenChange}>
      Excluir <strong>{polygon.name}</strong>?{polygon.membersCount > 0 ? ` ${carriers} esta poligonal.` : ''}
    </ConfirmModal>
  );
}
