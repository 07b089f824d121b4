import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { removeMember } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type User } from '@chat/contracts';
import { Checkbox, notify } from '@chat/ui';
import { ConfirmModal } from '../../../shared/confirm-modal';
import { useTeamChange } from '../../../shared/use-team-change';
import { dropMember } from '../lib/patch-member-pages';
import styles from './members.module.css';

interface Props {
  member: User;
  onOpenChange: (open: boolean) => void;
}

const ERASE_DATA_LABEL = 'Excluir também os dados do membro';
const ERASE_DATA_HINT = 'Apaga nome, e-mail, apelido, foto, sessões e chaves de API da pessoa.';
const KEEP_MESSAGES_HINT = 'As mensagens dela continuam nas conversas, assinadas como "Usuário removido".';
const DELETE_MESSAGES_HINT = 'As mensagens e os arquivos que ela enviou são apagados para todos.';
const DELETE_MESSAGES_LABEL = 'Apagar também as mensagens e os arquivos dela, para todos';

type Removal = { id: string; erase: { deleteMessages: boolean } | null };

/**
 * The remove-member modal (docs/produto.md, Telas): confirms with a button. For a member who is
 * not an administrator it also offers to erase their data, as their own 'Excluir minha conta' would.
 */
export function RemoveMemberModal({ member, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  const [eraseData, setEraseData] = useState(false);
  const [deleteMessages, setDeleteMessages] = useState(false);
  const { mutateAsync: remove } = useTeamChange('all', ({ id, erase }: Removal) =>
    erase ? removeMember(id, { eraseData: true, deleteMessages: erase.deleteMessages }) : removeMember(id),
  );
  const confirm = async () => {
    try {
      await remove({ id: member.id, erase: eraseData ? { deleteMessages } : null });
      // Gone from the list at once; the refetch of the loaded pages follows.
      dropMember(queryClient, member.id);
      notify.success(SUCCESS_TEXTS.user.memberRemoved);
      return true;
    } catch (error) {
      notify.error(error, ERROR_TEXTS.user.removeMember);
      return false;
    }
  };

  const options =
    member.role === 'USER' ? (
      <div className={styles.eraseOptions}>
        <Checkbox checked={eraseData} onCheckedChange={setEraseData} label={ERASE_DATA_LABEL} />
        {eraseData ? (
          <>
            <p className={styles.eraseHint}>
              {ERASE_DATA_HINT} {deleteMessages ? DELETE_MESSAGES_HINT : KEEP_MESSAGES_HINT} Não pode ser desfeito.
            </p>
            <Checkbox checked={deleteMessages} onCheckedChange={setDeleteMessages} label={DELETE_MESSAGES_LABEL} />
          </>
        ) : null}
      </div>
    ) : null;

  return (
    <ConfirmModal
      title="Remover membro"
      confirmLabel={eraseData ? 'Remover e excluir dados' : 'Remover membro'}
      options={options}
      onConfirm={confirm}
      onOpenChange={onOpenChange}
    >
      Remover <strong>{member.name}</strong> da equipe? A conta é desativada na hora e todas as sessões abertas são encerradas.
      {eraseData ? '' : ' As mensagens já enviadas continuam visíveis.'}
    </ConfirmModal>
  );
}
