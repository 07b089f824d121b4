import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { addGroupMembers } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type Group } from '@chat/contracts';
import { Button, Modal, notify } from '@chat/ui';
import { MemberPicker } from '../../../shared/components/member-picker';
import styles from './details-panel.module.css';

interface Props {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}

/** 'Adicionar membro' (group admins): pick users of the workspace who are not members yet. */
export function AddMemberModal({ group, open, onOpenChange, onAdded }: Props) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSelected(new Set());
  };

  const add = useMutation({
    mutationFn: (ids: string[]) => addGroupMembers(group.id, { newMembersIds: ids }),
    onSuccess: () => {
      notify.success(SUCCESS_TEXTS.group.membersAdded);
      onAdded();
      close(false);
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.group.addMembers),
  });

  return (
    <Modal title="Adicionar membro" open={open} onOpenChange={close} maxWidth="sm">
      <div className={styles.form}>
        <MemberPicker
          groupId={group.id}
          selected={selected}
          onSelectedChange={setSelected}
          emptyText="Nenhum usuário disponível para adicionar ao grupo"
        />
        <Button onClick={() => add.mutate([...selected])} loading={add.isPending} disabled={selected.size === 0}>
          Adicionar
        </Button>
      </div>
    </Modal>
  );
}
