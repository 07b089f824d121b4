import { useEffect, useMemo, useState } from 'react';
import type { Message } from '@chat/contracts';
import { otherParticipant, type ChatKind, type ChatTarget } from '../../../shared/chat-types';
import { useImageUpload } from '../../upload/hooks/use-image-upload';
import { useMessages, type Me } from '../hooks/use-messages';
import { useReadReceipts } from '../hooks/use-read-receipts';
import { useTypingEmitter } from '../hooks/use-typing-emitter';
import { buildRows } from '../lib/message-rows';
import { withUploads } from '../lib/upload-messages';
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
  onBack?: () => void;
  onOpenAuthor: (authorId: string) => void;
  onSent?: (message: Message) => void;
  /** Called once when the chat opens (the list clears its unread count). */
  onOpened?: (chatId: string) => void;
}

/** One open chat: header, history and message box. Mount it per chat (key by id). */
export function ChatView({ kind, chatId, target, me, onTogglePanel, onBack, onOpenAuthor, onSent, onOpened }: Props) {
  // Receipts and typing are for conversations: the other participant is their only audience.
  const peerId = target?.kind === 'conversation' ? otherParticipant(target.conversation, me.id).id : null;
  const conversationId = peerId ? chatId : null;
  const loaded = useMessages(kind, chatId, me, onSent);
  const messages = useReadReceipts(conversationId, peerId, me.id, loaded.messages);
  const history = { ...loaded, messages };
  const typing = useTypingEmitter(conversationId, peerId);
  // An image uploads first, then goes out as an image message under the same clientId.
  const images = useImageUpload(history.sendImage);
  const [sentCount, setSentCount] = useState(0);
  const rows = useMemo(() => {
    const author = { id: me.id, name: me.name, avatarUrl: me.avatarUrl };
    return buildRows(withUploads(history.messages, images.uploads, author, kind, chatId));
  }, [history.messages, images.uploads, me.id, me.name, me.avatarUrl, kind, chatId]);

  useEffect(() => {
    // The list clears its unread count; useReadReceipts tells the server (SPEC section 4).
    onOpened?.(chatId);
  }, [chatId, onOpened]);

  const send = (text: string) => {
    typing.stop();
    history.send(text);
    setSentCount((n) => n + 1);
  };

  const sendImage = (file: File) => {
    images.start(file);
    setSentCount((n) => n + 1);
  };

  const retry = (clientId: string) => {
    if (!images.retry(clientId)) history.retry(clientId);
  };

  return (
    <section className={styles.view} aria-label="Conversa">
      {target && <ChatHeader target={target} meId={me.id} onTogglePanel={onTogglePanel} onBack={onBack} />}
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
        onRetry={retry}
      />
      <MessageBox onTextChange={typing.input} onSend={send} onSendImage={sendImage} />
    </section>
  );
}
