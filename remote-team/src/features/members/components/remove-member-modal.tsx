import { useQueryClient } from '@tanstack/react-query';
import { removeMember } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type User } from '@chat/contracts';
import { notify } from '@chat/ui';
import { ConfirmModal } from '../../../shared/confirm-modal';
import { useTeamChange } from '../../../shared/use-team-change';
import { dropMember } from '../lib/patch-member-pages';

interface Props {
  member: User;
  onOpenChange: (open: boolean) => void;
}

/** The remove-member modal (docs/produto.md, Telas): confirms with a button. */
export function RemoveMemberModal({ member, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  const { mutateAsync: remove } = useTeamChange('all', removeMember);
  const confirm = async () => {
    try {
      await remove(member.id);
      // Gone from the list at once; the refetch of the loaded pages follows.
      dropMember(queryClient, member.id);
      notify.success(SUCCESS_TEXTS.user.memberRemoved);
      return true;
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.removeMember);
      return false;
    }
  };

  return (
    <ConfirmModal title="Remover membro" confirmLabel="Remover membro" onConfirm={confirm} onOpenChange={onOpenChange}>
      Remover <strong>{member.name}</strong> da equipe? A conta é desativada na hora e todas as sessões abertas são encerradas. As mensagens
      já enviadas continuam visíveis.
    </ConfirmModal>
  );
}
