import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useParams } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { EmptyState, IconButton, SearchInput } from '@chat/ui';
import { Plus } from 'lucide-react';
import styles from './conversations-screen.module.css';

/** The frame of the conversations page: sidebar (25%) and chat area. */
export function ConversationsScreen({ basePath, headerSlot }: RemoteAppProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  // SPEC section 2: Escape on a conversation route returns to the list.
  useEffect(() => {
    if (!id) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(basePath);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id, basePath, navigate]);

  return (
    <div className={styles.screen}>
      {headerSlot &&
        createPortal(
          <IconButton aria-label="Nova conversa" title="Nova conversa" disabled>
            <Plus size={18} />
          </IconButton>,
          headerSlot,
        )}
      <aside className={styles.sidebar}>
        <SearchInput value={search} onChange={setSearch} placeholder="Pesquisar conversas" />
        <div className={styles.list}>
          <EmptyState text="A lista de conversas está em construção." />
        </div>
      </aside>
      <section className={styles.chat}>
        <EmptyState text="Selecione uma conversa para ver as mensagens" />
      </section>
    </div>
  );
}
