import { useState } from 'react';
import { SearchInput } from '@chat/ui';
import { UserSelectList } from '../../../shared/components/user-select-list';
import { useUserSearch } from '../../../shared/use-user-search';
import styles from './new-chat-modal.module.css';

interface Props {
  meId: string;
  onPick: (userId: string) => void;
}

/** 'Conversa': pick a user of the workspace; the caller opens or creates the conversation. */
export function NewConversationTab({ meId, onPick }: Props) {
  const [text, setText] = useState('');
  const { users, loading } = useUserSearch(text, meId);
  return (
    <div className={styles.tab}>
      <SearchInput value={text} onChange={setText} placeholder="Pesquise por um usuário" />
      <UserSelectList users={users} loading={loading} emptyText="Nenhum usuário encontrado" onPick={onPick} />
    </div>
  );
}
