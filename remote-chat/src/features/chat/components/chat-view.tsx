import { useEffect, useMemo, useState } from 'react';
import type { Message } from '@chat/contracts';
import { otherParticipant, type ChatKind, type ChatTarget } from '../../../shared/chat-types';
import { useMessages, type Me } from '../hooks/use-messages';
import { useReadReceipts } from '../hooks/use-read-receipts';
import { useTypingEmitter } from '../hooks/use-typing-emitter';
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
  // Receipts and typing are for conversations: the other participant is their only audience.
  const peerId = target?.kind === 'conversation' ? otherParticipant(target.conversation, me.id).id : null;
  const conversationId = peerId ? chatId : null;
  const loaded = useMessages(kind, chatId, me, onSent);
  const messages = useReadReceipts(conversationId, peerId, me.id, loaded.messages);
  const history = { ...loaded, messages };
  const typing = useTypingEmitter(conversationId, peerId);
  const [sentCount, setSentCount] = useState(0);
  const rows = useMemo(() => buildRows(history.messages), [history.messages]);

  useEffect(() => {
    // The list clears its unread count; useReadReceipts tells the server (SPEC section 4).
    onOpened?.(chatId);
  }, [chatId, onOpened]);

  const send = (text: string) => {
    typing.stop();
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
      <MessageBox onTextChange={typing.input} onSend={send} />
    </section>
  );
}
