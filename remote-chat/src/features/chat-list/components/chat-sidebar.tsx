import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, EmptyState, SearchInput, Spinner, VirtualList } from '@chat/ui';
import type { MessageSearchHit } from '@chat/contracts';
import { useChatSearch } from '../hooks/use-chat-search';
import { useMessageSearch } from '../hooks/use-message-search';
import type { ChatListState } from '../hooks/use-chat-list';
import { buildEntries, type ChatEntry, type ChatFilter, entriesUntilFrontier, listsToLoad } from '../lib/chat-entries';
import { ChatFilters } from './chat-filters';
import { ChatListItem } from './chat-list-item';
import { MessageHits } from './message-hits';
import { NewChatButton } from './new-chat-button';
import styles from './chat-sidebar.module.css';

/** A row's usual height (avatar, name, preview); rows are measured once drawn. */
const ROW_HEIGHT = 60;

/**
 * Arrow keys move between the list's entries (only the rows near the view exist, so Tab alone
 * would leave the list at the last drawn one); the browser scrolls the focused one into view, and
 * the rows after it are drawn as it does.
 */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const row = (event.target as HTMLElement).closest('[role="listitem"]');
  if (!row) return;
  const sibling = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
  // Rows are placed by their index, not by their order in the DOM.
  const index = Number(row.getAttribute('data-index')) + (event.key === 'ArrowDown' ? 1 : -1);
  const target =
    row.parentElement?.querySelector<HTMLElement>(`[data-index="${index}"] button`) ?? sibling?.querySelector<HTMLElement>('button');
  if (!target) return;
  event.preventDefault();
  target.focus();
}

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
  /** Opens the new-chat modal: the empty list offers it right under its text. */
  onNew?: () => void;
}

/** The sidebar of docs/produto.md, Telas: search, filters and the chat list. */
export function ChatSidebar({ meId, list, activeId, onOpen, onOpenMessage, action, onNew }: Props) {
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

  const { frontiers, loadMore } = list;
  const entries = useMemo(
    () =>
      search.active
        ? buildEntries(search.conversations, search.groups, meId, 'all')
        : entriesUntilFrontier(buildEntries(list.conversations, list.groups, meId, filter), frontiers, filter),
    [search, list.conversations, list.groups, frontiers, meId, filter],
  );
  // The lists whose next page the shown list waits for (none while searching: the search answers whole).
  const toLoad = useMemo(() => (search.active ? [] : listsToLoad(frontiers, filter)), [search.active, frontiers, filter]);
  const hasAny = list.conversations.length > 0 || list.groups.length > 0;
  const loading = search.active ? search.loading : list.loading;
  const hasMore = toLoad.length > 0;

  // A page may add nothing shown (chats hidden by the rules, or older than the other list's end):
  // then the next one is asked for at once, as the end of the list is still in view.
  const askedAt = useRef<number | null>(null);
  const endReached = () => {
    if (!hasMore) return;
    askedAt.current = entries.length;
    loadMore(toLoad);
  };
  useEffect(() => {
    if (!hasMore || list.loading || list.loadingMore || list.failed) return;
    if (entries.length > 0 && askedAt.current !== entries.length) return;
    askedAt.current = entries.length;
    loadMore(toLoad);
  }, [hasMore, list.loading, list.loadingMore, list.failed, entries.length, loadMore, toLoad]);

  let body: ReactNode;
  if (loading && entries.length === 0) body = <Spinner size="md" />;
  else if (entries.length > 0)
    body = (
      <>
        <VirtualList
          aria-label="Conversas"
          className={search.active ? styles.entriesAll : styles.entries}
          items={entries}
          getKey={(entry) => `${entry.kind}:${entry.id}`}
          estimateSize={ROW_HEIGHT}
          onEndReached={hasMore ? endReached : undefined}
          renderItem={(entry) => <ChatListItem meId={meId} entry={entry} active={entry.id === activeId} onOpen={onOpen} />}
        />
        {list.loadingMore && !search.active && (
          <div className={styles.more} role="status" aria-label="Carregando mais conversas">
            <Spinner size="sm" />
          </div>
        )}
      </>
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
  else body = <EmptyState text={EMPTY_LIST_TEXT} action={onNew && <NewChatButton onClick={onNew} />} />;

  return (
    <aside className={styles.sidebar}>
      <div className={styles.searchRow}>
        <SearchInput value={text} onChange={setText} placeholder="Buscar conversa" wrapperClassName={styles.search} />
        {action}
      </div>
      {!search.active && <ChatFilters value={filter} onChange={setFilter} />}
      <div className={styles.list} onKeyDown={moveFocus}>
        {body}
        {messageHits}
      </div>
    </aside>
  );
}
