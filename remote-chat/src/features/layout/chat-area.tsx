import { lazy, Suspense } from 'react';
import type { Message } from '@chat/contracts';
import { EmptyState, Spinner } from '@chat/ui';
import { otherParticipant, type ChatKind } from '../../shared/chat-types';
import { ChatView } from '../chat/components/chat-view';
import { useChatTarget } from '../chat/hooks/use-chat-target';
import type { Me } from '../chat/hooks/use-messages';
import { PanelFallback } from '../details/components/panel-fallback';
import styles from './conversations-screen.module.css';
import { useDetailsPanel } from './use-details-panel';

// The details panels (and the group's modals inside them) load when a panel first opens: they
// are not part of the conversations page's first download.
const ContactDetailsPanel = lazy(async () => ({
  default: (await import('../details/components/contact-details-panel')).ContactDetailsPanel,
}));
const GroupDetailsPanel = lazy(async () => ({
  default: (await import('../details/components/group-details-panel')).GroupDetailsPanel,
}));

interface Props {
  kind: ChatKind;
  chatId: string;
  /** Issue 16: open the chat at this message (a search hit). */
  focusMessageId?: string | null;
  unreadAtOpen?: number;
  me: Me;
  basePath: string;
  openDirectChat: (userId: string) => Promise<boolean>;
  onSent: (message: Message) => void;
  onOpened: (chatId: string) => void;
  /** Back to the list (the phone header's back button; the same as Escape). */
  onBack: () => void;
}

/**
 * The open chat and, when toggled, its details panel: one third of the width from 1024 px, an
 * overlay sheet on tablets and a full-screen sheet on phones (issue 13).
 */
export function ChatArea({ kind, chatId, focusMessageId, unreadAtOpen, me, basePath, openDirectChat, onSent, onOpened, onBack }: Props) {
  const { target, loading, reload } = useChatTarget(kind, chatId);
  const panel = useDetailsPanel();

  if (!target) {
    return (
      <section className={styles.placeholder}>
        {loading ? <Spinner size="md" /> : <EmptyState text="Conversa não encontrada" />}
      </section>
    );
  }

  return (
    <div className={styles.chatArea}>
      <ChatView
        kind={kind}
        chatId={chatId}
        focusMessageId={focusMessageId}
        unreadAtOpen={unreadAtOpen}
        target={target}
        me={me}
        onTogglePanel={panel.toggle}
        onBack={onBack}
        onOpenAuthor={(authorId) => void openDirectChat(authorId)}
        onSent={onSent}
        onOpened={onOpened}
      />
      {panel.open && (
        <Suspense fallback={<PanelFallback />}>
          {target.kind === 'group' ? (
            <GroupDetailsPanel group={target.group} meId={me.id} onChanged={reload} onClose={panel.close} />
          ) : (
            <ContactDetailsPanel user={otherParticipant(target.conversation, me.id)} basePath={basePath} onClose={panel.close} />
          )}
        </Suspense>
      )}
    </div>
  );
}
