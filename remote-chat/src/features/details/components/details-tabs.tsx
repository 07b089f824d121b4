import type { ReactNode } from 'react';
import { Tabs } from '@chat/ui';
import type { ChatKind } from '../../../shared/chat-types';
import { SHARED_TEXTS, SharedMediaList } from './shared-media-list';
import styles from './details-panel.module.css';

interface Props {
  chat: ChatKind;
  chatId: string;
  /** The panel's own first tab ('Membros', 'Grupos em comum'). */
  first: { label: string; content: ReactNode };
  onOpenMessage: (messageId: string) => void;
}

/** A details panel's tabs: its own first, then what the chat shared. Only the open tab fetches. */
export function DetailsTabs({ chat, chatId, first, onOpenMessage }: Props) {
  const shared = (kind: 'media' | 'files') => <SharedMediaList chat={chat} chatId={chatId} kind={kind} onOpenMessage={onOpenMessage} />;
  return (
    <Tabs
      className={styles.tabs}
      listLabel="Detalhes"
      tabs={[
        { value: 'first', label: first.label, content: <div className={styles.tabBody}>{first.content}</div> },
        { value: 'media', label: SHARED_TEXTS.mediaTab, content: shared('media') },
        { value: 'files', label: SHARED_TEXTS.filesTab, content: shared('files') },
      ]}
    />
  );
}
