import { useMemo, useState, type ReactNode } from 'react';
import { Button, EmptyState, SearchInput, Spinner } from '@chat/ui';
import type { MessageSearchHit } from '@chat/contracts';
import { useChatSearch } from '../hooks/use-chat-search';
import { useMessageSearch } from '../hooks/use-message-search';
import type { ChatListState } from '../hooks/use-chat-list';
import { buildEntries, type ChatEntry, type ChatFilter } from '../lib/chat-entries';
import { ChatFilters } from './chat-filters';
import { ChatListItem } from './chat-list-item';
import { MessageHits } from './message-hits';
import styles from './chat-sidebar.module.css';

export const LIST_FAILED_TEXT = 'Não foi possível carregar as conversas. Verifique sua conexão.';

export const EMPTY_LIST_TEXT =
  'Você ainda não possui nenhuma conversa. Inicie uma nova conversa clicando no botão no canto superior direito desta tela.';

interface Props {
  meId: string;
  list: ChatListState;
  activeId: string | null;
  onOpen: (entry: ChatEntry) => void;
  /** A message found by its text was chosen. */
  onOpenMessage?: (hit: MessageSearchHit) => void;
  /** Shown beside the search box (the 'Novo' button when there is no page header). */
  action?: ReactNode;
}

/** The sidebar of docs/produto.md, Telas: search, filters and the chat list. */
export function ChatSidebar({ meId, list, activeId, onOpen, onOpenMessage, action }: Props) {
  const [text, setText] = useState('');
  const [filter, setFilter] = useState<ChatFilter>('all');
  const search = useChatSearch(text);
  // Without a way to open a hit there is nothing to show them in: no message search then.
  const messageSearch = useMessageSearch(onOpenMessage ? text : '');
  const messageHits = search.active && onOpenMessage && (
    <MessageHits
      term={text}
      hits={messageSearch.hits}
      hasMore={messageSearch.hasMore}
      loading={messageSearch.loading}
      onOpen={onOpenMessage}
      onMore={messageSearch.loadMore}
    />
  );

  const entries = useMemo(
    () =>
      search.active
        ? buildEntries(search.conversations, search.groups, meId, 'all')
        : buildEntries(list.conversations, list.groups, meId, filter),
    [search, list.conversations, list.groups, meId, filter],
  );
  const hasAny = list.conversations.length > 0 || list.groups.length > 0;
  const loading = search.active ? search.loading : list.loading;

  let body: ReactNode;
  if (loading && entries.length === 0) body = <Spinner size="md" />;
  else if (entries.length > 0)
    body = (
      <ul className={styles.entries} aria-label="Conversas">
        {entries.map((entry) => (
          <ChatListItem key={`${entry.kind}:${entry.id}`} meId={meId} entry={entry} active={entry.id === activeId} onOpen={onOpen} />
        ))}
      </ul>
    );
  else if (list.failed && !search.active)
    body = (
      <div className={styles.failed} role="alert">
        <EmptyState text={LIST_FAILED_TEXT} />
        <Button size="sm" onClick={list.reload}>
          Tentar novamente
        </Button>
      </div>
    );
  else if (search.active && messageSearch.hits.length > 0) body = null;
  else if (search.active || hasAny) body = <EmptyState text="Nenhuma conversa encontrada" />;
  else body = <EmptyState text={EMPTY_LIST_TEXT} />;

  return (
    <aside className={styles.sidebar}>
      <div className={styles.searchRow}>
        <SearchInput value={text} onChange={setText} placeholder="Buscar conversa" wrapperClassName={styles.search} />
        {action}
      </div>
      {!search.active && <ChatFilters value={filter} onChange={setFilter} />}
      <div className={styles.list}>
        {body}
        {messageHits}
      </div>
    </aside>
  );
}
