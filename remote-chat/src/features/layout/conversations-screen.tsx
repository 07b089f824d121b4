import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useParams, useSearchParams } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { EmptyState, IconButton, Spinner } from '@chat/ui';
import { Plus } from 'lucide-react';
import { chatPath, FOCUS_MESSAGE_PARAM, isChatKind, messagePath } from '../../shared/chat-types';
import { useOpenDirectChat } from '../../shared/use-open-direct-chat';
import { ChatSidebar } from '../chat-list/components/chat-sidebar';
import { useChatList } from '../chat-list/hooks/use-chat-list';
import { useAnnounceFirstScreen } from './use-announce-first-screen';
import { useChatNavigation } from './use-chat-navigation';
import { useChatSummary } from './use-chat-summary';
import { usePublishMutedChats, usePublishUnreadTotal } from './use-publish-unread-total';
import styles from './conversations-screen.module.css';

// Loaded when 'Novo' is first pressed: the modal, its forms and their schemas are not part of
// the conversations page's first download.
// The open chat's view (history, composer, their libraries) is not needed to paint the list: it
// loads when a chat is open, or as soon as a pointer or the focus comes to the screen, so that
// opening a chat from the list rarely waits for it.
const loadChatArea = () => import('./chat-area');
const prefetchChatArea = () => void loadChatArea();
const ChatArea = lazy(async () => ({ default: (await loadChatArea()).ChatArea }));
const NewChatModal = lazy(async () => ({ default: (await import('../new-chat/components/new-chat-modal')).NewChatModal }));

/**
 * /auth/conversations/:id?/:type? (docs/produto.md, Telas): sidebar (25%) and the open chat. Below
 * 768 px one pane at a time: `data-pane` says which, and the list stays mounted underneath so that
 * going back finds it where it was scrolled to.
 */
export function ConversationsScreen({ basePath, user, headerSlot }: RemoteAppProps) {
  const { id, type } = useParams();
  const kind = isChatKind(type) ? type : 'conversation';
  const chatNavigation = useChatNavigation(basePath, !!id);
  // A search hit opens the chat at that message (a new key: the view reloads around it).
  const [searchParams] = useSearchParams();
  const focusMessageId = searchParams.get(FOCUS_MESSAGE_PARAM);
  const [newOpen, setNewOpen] = useState(false);
  const list = useChatList(user.id, id ?? null, id ? kind : null);
  const chatKey = id ? `${kind}:${id}:${focusMessageId ?? ''}` : null;
  // The 'Mensagens não lidas' count is read on the render that opens the chat and kept: the chat's
  // view may mount later (its chunk, its header), and a list fetched meanwhile (the live
  // connection's first catch-up) already holds the open chat's count cleared.
  const [opened, setOpened] = useState<{ key: string | null; unread: number | undefined }>({ key: null, unread: undefined });
  if (opened.key !== chatKey) {
    const entry = kind === 'conversation' ? list.conversations.find((c) => c.id === id) : list.groups.find((g) => g.id === id);
    setOpened({ key: chatKey, unread: entry?.unreadMessages });
  }
  // Opened before the list had loaded (a reload, a link): the count the first fetch that found the
  // chat answered, as soon as it has, even while another fetch (a catch-up) is on its way; unknown
  // (undefined: the chat waits to place its line) until then, 0 once the lists answered without it.
  const fetched = list.fetchedOpenUnread?.id === id ? list.fetchedOpenUnread?.unread : undefined;
  const unreadAtOpen =
    (opened.key === chatKey ? opened.unread : undefined) ?? fetched ?? ((list.loading || list.openPending) && !list.failed ? undefined : 0);
  const openDirectChat = useOpenDirectChat(basePath, list.upsertConversation);
  const me = { id: user.id, name: user.name, avatarUrl: user.avatarUrl ?? null };
  // The badge and the silenced chats count the whole list, not the pages the sidebar has loaded.
  const summary = useChatSummary(user.id, id ?? null);
  usePublishUnreadTotal(summary);
  usePublishMutedChats(summary);
  useAnnounceFirstScreen(!list.loading);

  // docs/produto.md, Telas: Escape on a conversation route returns to the list. A dialog or popover
  // that handled the key itself (defaultPrevented) keeps it.
  useEffect(() => {
    if (!id) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) chatNavigation.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [id, chatNavigation]);

  const newButton = (
    <IconButton aria-label="Novo" title="Nova conversa ou grupo" variant={headerSlot ? 'solid' : 'ghost'} onClick={() => setNewOpen(true)}>
      <Plus size={18} />
    </IconButton>
  );

  return (
    <div className={styles.screen} data-pane={id ? 'chat' : 'list'} onPointerOver={prefetchChatArea} onFocus={prefetchChatArea}>
      {headerSlot && createPortal(newButton, headerSlot)}
      <ChatSidebar
        meId={user.id}
        list={list}
        activeId={id ?? null}
        onOpen={(entry) => chatNavigation.open(chatPath(basePath, entry.id, entry.kind))}
        onOpenMessage={(hit) => chatNavigation.open(messagePath(basePath, hit.chat.id, hit.chat.kind, hit.id))}
        action={headerSlot ? undefined : newButton}
        onNew={() => setNewOpen(true)}
      />
      {id ? (
        <Suspense
          fallback={
            <section className={styles.placeholder}>
              <Spinner size="md" />
            </section>
          }
        >
          <ChatArea
            key={chatKey}
            kind={kind}
            chatId={id}
            focusMessageId={focusMessageId}
            unreadAtOpen={unreadAtOpen}
            me={me}
            basePath={basePath}
            openDirectChat={openDirectChat}
            onSent={list.applyMessage}
            onOpened={list.markRead}
            onBack={chatNavigation.close}
          />
        </Suspense>
      ) : (
        <section className={styles.placeholder}>
          <EmptyState text="Selecione uma conversa para ver as mensagens" />
        </section>
      )}
      {newOpen && (
        <Suspense fallback={null}>
          <NewChatModal
            open
            onOpenChange={setNewOpen}
            basePath={basePath}
            meId={user.id}
            openDirectChat={openDirectChat}
            onGroupCreated={list.upsertGroup}
          />
        </Suspense>
      )}
    </div>
  );
}
