import { useState } from 'react';
import { removeMember } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type User } from '@chat/contracts';
import { Button, Modal } from '@chat/ui';
import { notifyError, notifySuccess } from '../../../shared/notify';
import styles from './members.module.css';

interface Props {
  member: User;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

/** The remove-member modal (SPEC section 2): confirms with a button. */
export function RemoveMemberModal({ member, onOpenChange, onDone }: Props) {
  const [removing, setRemoving] = useState(false);

  const confirm = async () => {
    setRemoving(true);
    try {
      await removeMember(member.id);
      notifySuccess(SUCCESS_TEXTS.user.memberRemoved);
      onDone();
      onOpenChange(false);
    } catch (error) {
      notifyError(error, ERROR_TEXTS.user.removeMember);
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Modal title="Remover membro" open onOpenChange={onOpenChange} maxWidth="sm">
      <div className={styles.form}>
        <p className={styles.confirmText}>
          Remover <strong>{member.name}</strong> da equipe? A conta é desativada na hora e todas as sessões abertas são
          encerradas. As mensagens já enviadas continuam visíveis.
        </p>
        <div className={styles.confirmActions}>
          <Button variant="outline" width="sm" onClick={() => onOpenChange(false)} disabled={removing}>
            Cancelar
          </Button>
          <Button colorType="destructive" width="sm" loading={removing} onClick={() => void confirm()}>
            Remover membro
          </Button>
        </div>
      </div>
    </Modal>
  );
}
