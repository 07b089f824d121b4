import { useEffect, useMemo, useState } from 'react';
import type { Message } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import type { ChatKind, ChatTarget } from '../../../shared/chat-types';
import { useMessages, type Me } from '../hooks/use-messages';
import { buildRows } from '../lib/message-rows';
import { ChatHeader } from './chat-header';
import { MessageBox } from './message-box';
import { MessageList } from './message-list';
import styles from './chat-view.module.css';

interface Props {
  kind: ChatKind;
  chatId: string;
  target: ChatTarget | null;
  me: Me;
  onTogglePanel: () => void;
  onOpenAuthor: (authorId: string) => void;
  onSent?: (message: Message) => void;
  /** Called once when the chat opens (the list clears its unread count). */
  onOpened?: (chatId: string) => void;
}

/** One open chat: header, history and message box. Mount it per chat (key by id). */
export function ChatView({ kind, chatId, target, me, onTogglePanel, onOpenAuthor, onSent, onOpened }: Props) {
  const history = useMessages(kind, chatId, me, onSent);
  const [sentCount, setSentCount] = useState(0);
  const rows = useMemo(() => buildRows(history.messages), [history.messages]);

  useEffect(() => {
    onOpened?.(chatId);
    // Opening a conversation marks all its messages read (SPEC section 4).
    if (kind === 'conversation') {
      eventBus.emit('socket:emit', { event: 'message:read:all', payload: { conversationId: chatId } });
    }
  }, [kind, chatId, onOpened]);

  const send = (text: string) => {
    history.send(text);
    setSentCount((n) => n + 1);
  };

  return (
    <section className={styles.view} aria-label="Conversa">
      {target && <ChatHeader target={target} meId={me.id} onTogglePanel={onTogglePanel} />}
      <MessageList
        rows={rows}
        meId={me.id}
        isGroup={kind === 'group'}
        loading={history.loading}
        hasMore={history.hasMore}
        loadingOlder={history.loadingOlder}
        sentCount={sentCount}
        onLoadOlder={history.loadOlder}
        onOpenAuthor={onOpenAuthor}
        onRetry={history.retry}
      />
      <MessageBox onSend={send} />
    </section>
  );
}
