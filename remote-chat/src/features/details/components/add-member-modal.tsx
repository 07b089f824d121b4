import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { addGroupMembers } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type Group } from '@chat/contracts';
import { Button, Modal, notify, SearchInput } from '@chat/ui';
import { UserSelectList } from '../../../shared/components/user-select-list';
import { useUserSearch } from '../../../shared/use-user-search';
import styles from './details-panel.module.css';

interface Props {
  group: Group;
  meId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
}

/** 'Adicionar membro' (group admins): pick users of the workspace who are not members yet. */
export function AddMemberModal({ group, meId, open, onOpenChange, onAdded }: Props) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const search = useUserSearch(text, meId);
  const memberIds = new Set(group.members.map((m) => m.id));
  const candidates = search.users.filter((u) => !memberIds.has(u.id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setText('');
      setSelected(new Set());
    }
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
        <SearchInput value={text} onChange={setText} placeholder="Pesquise por um usuário" />
        <UserSelectList
          users={candidates}
          loading={search.loading}
          emptyText="Nenhum usuário disponível para adicionar ao grupo"
          selected={selected}
          onToggle={toggle}
        />
        <Button onClick={() => add.mutate([...selected])} loading={add.isPending} disabled={selected.size === 0}>
          Adicionar
        </Button>
      </div>
    </Modal>
  );
}
