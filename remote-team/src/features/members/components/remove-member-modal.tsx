import { removeMember } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type User } from '@chat/contracts';
import { ConfirmModal } from '../../../shared/confirm-modal';
import { notifyError, notifySuccess } from '../../../shared/notify';

interface Props {
  member: User;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** The remove-member modal (docs/produto.md, Telas): confirms with a button. */
export function RemoveMemberModal({ member, onOpenChange, onDone }: Props) {
  const confirm = async () => {
    try {
      await removeMember(member.id);
      notifySuccess(SUCCESS_TEXTS.user.memberRemoved);
      onDone();
      return true;
    } catch (error) {
      notifyError(error, ERROR_TEXTS.user.removeMember);
      return false;
    }
  };

  return (
    <ConfirmModal title="Remover membro" confirmLabel="Remover membro" onConfirm={confirm} onOpenChange={onOpenChange}>
      Remover <strong>{member.name}</strong> da equipe? A conta é desativada na hora e todas as sessões abertas são
      encerradas. As mensagens já enviadas continuam visíveis.
    </ConfirmModal>
  );
}
