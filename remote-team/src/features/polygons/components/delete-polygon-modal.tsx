import { deletePolygon } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type PolygonListItem } from '@chat/contracts';
import { notify } from '@chat/ui';
import { ConfirmModal } from '../../../shared/confirm-modal';
import { useTeamChange } from '../../../shared/use-team-change';

interface Props {
  polygon: PolygonListItem;
  onOpenChange: (open: boolean) => void;
}

/** Deleting a polygon takes the label off its members. */
export function DeletePolygonModal({ polygon, onOpenChange }: Props) {
  const { mutateAsync: remove } = useTeamChange('all', deletePolygon);
  const confirm = async () => {
    try {
      await remove(polygon.id);
      notify.success(SUCCESS_TEXTS.polygon.deleted);
      return true;
    } catch (error) {
      notify.error(error, ERROR_TEXTS.polygon.remove);
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
