import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Message } from '@chat/contracts';
import { EmptyState, Spinner } from '@chat/ui';
import { messagePath, otherParticipant, type ChatKind } from '../../shared/chat-types';
import { ChatView } from '../chat/components/chat-view';
import { useChatTarget } from '../chat/hooks/use-chat-target';
import type { Me } from '../chat/hooks/use-messages';
import { SidePanelFallback } from '../../shared/components/side-panel';
import styles from './conversations-screen.module.css';
import { useSidePanel } from './use-side-panel';

// The details panels (and the group's modals inside them) load when a panel first opens: they
// are not part of the conversations page's first download.
const ContactDetailsPanel = lazy(async () => ({
  default: (await import('../details/components/contact-details-panel')).ContactDetailsPanel,
}));
const GroupDetailsPanel = lazy(async () => ({
  default: (await import('../details/components/group-details-panel')).GroupDetailsPanel,
}));
const ReceiptsPanel = lazy(async () => ({ default: (await import('../chat/components/receipts-panel')).ReceiptsPanel }));

/** The chat's side panel shows its details, or who read one of my group messages. */
type Panel = { kind: 'details' } | { kind: 'receipts'; messageId: string };
const DETAILS: Panel = { kind: 'details' };
// 'Informações' is opened from a message, not toggled from the header: Escape closes it first.
const closesOnEscape = (panel: Panel) => panel.kind === 'receipts';

interface Props {
  kind: ChatKind;
  chatId: string;
  /** Open the chat at this message (a search hit). */
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
 * The open chat and, when toggled, its details panel (or 'Informações' of a message): one third
 * of the width from 1024 px, an overlay sheet on tablets and a full-screen sheet on phones.
 */
export function ChatArea({ kind, chatId, focusMessageId, unreadAtOpen, me, basePath, openDirectChat, onSent, onOpened, onBack }: Props) {
  const { target, loading, reload, removed } = useChatTarget(kind, chatId, me.id);
  const { shown, show, close } = useSidePanel<Panel>(closesOnEscape);
  const navigate = useNavigate();
  // An item of 'Mídia' or 'Arquivos' opens the chat at its message, as a search hit does; it
  // replaces the panel's entry, so that back leaves the chat as it would have.
  const openMessage = (messageId: string) => void navigate(messagePath(basePath, chatId, kind, messageId), { replace: true });

  if (removed) {
    return (
      <section className={styles.placeholder}>
        <EmptyState text="Você não faz mais parte deste grupo" />
      </section>
    );
  }
  if (!target) {
    return (
      <section className={styles.placeholder}>{loading ? <Spinner size="md" /> : <EmptyState text="Conversa não encontrada" />}</section>
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
        onTogglePanel={() => (shown?.kind === 'details' ? close() : show(DETAILS))}
        onBack={onBack}
        onOpenAuthor={(authorId) => void openDirectChat(authorId)}
        onSent={onSent}
        onOpened={onOpened}
        onShowInfo={(messageId) => show({ kind: 'receipts', messageId })}
      />
      {shown && (
        <Suspense fallback={<SidePanelFallback />}>
          {shown.kind === 'receipts' ? (
            target.kind === 'group' && <ReceiptsPanel key={shown.messageId} messageId={shown.messageId} groupId={chatId} onClose={close} />
          ) : target.kind === 'group' ? (
            <GroupDetailsPanel
              group={target.group}
              meId={me.id}
              onChanged={reload}
              onLeft={onBack}
              onClose={close}
              onOpenMessage={openMessage}
            />
          ) : (
            <ContactDetailsPanel
              user={otherParticipant(target.conversation, me.id)}
              basePath={basePath}
              conversationId={chatId}
              onClose={close}
              onOpenMessage={openMessage}
            />
          )}
        </Suspense>
      )}
    </div>
  );
}
