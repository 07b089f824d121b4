import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { MENTION_ALL, type Message, type ReplyQuote, validateImageFile } from '@chat/contracts';
import { otherParticipant, type ChatKind, type ChatTarget } from '../../../shared/chat-types';
import { viewerIsGroupAdmin } from '../../../shared/group-updates';
import { useGroupPeople } from '../hooks/use-group-people';
import { useChatDraft } from '../hooks/use-chat-draft';
import { useGroupReceipts } from '../hooks/use-group-receipts';
import { useMessageActions } from '../hooks/use-message-actions';
import { useMessages, type Me } from '../hooks/use-messages';
import { useMute } from '../hooks/use-mute';
import { useReadReceipts } from '../hooks/use-read-receipts';
import { useTypingEmitter } from '../hooks/use-typing-emitter';
import { useUnreadStart } from '../hooks/use-unread-start';
import type { ChatMessage } from '../lib/merge-messages';
import type { MentionCandidate } from '../lib/mention-text';
import { galleryImages } from '../lib/gallery';
import { buildRows } from '../lib/message-rows';
import { ChatHeader } from './chat-header';
import { ImageGallery } from './image-gallery';
import type { BubbleAction } from './message-bubble';
import { type EditTarget, MessageBox } from './message-box';
import { DropOverlay } from '../../upload/components/drop-overlay';
import { useFileDrop } from '../../upload/hooks/use-file-drop';
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
  /** Open at this message (a search hit), highlighted. */
  focusMessageId?: string | null;
  /**
   * The chat list's unread count when the chat was opened (the 'Mensagens não lidas'
   * line); undefined while the list is still on its way (the first scroll waits for it).
   */
  unreadAtOpen?: number;
  /** 'Informações' of my group message: the chat area shows who read it in its side panel. */
  onShowInfo?: (messageId: string) => void;
}

// Opened now and then: loaded on first use, so the chat's route stays within its size budget.
const DeleteMessageDialog = lazy(() => import('./delete-message-dialog').then((m) => ({ default: m.DeleteMessageDialog })));

const quoteOf = (m: ChatMessage): ReplyQuote => ({
  id: m.id,
  authorId: m.authorId,
  authorName: m.author.name,
  body: m.content.body,
  type: m.content.type,
  deleted: !!m.deletedAt,
});

/** One open chat: header, history and message box. Mount it per chat (key by id). */
export function ChatView(props: Props) {
  const { kind, chatId, target, me, onTogglePanel, onBack, onOpenAuthor, onSent, onOpened, focusMessageId, onShowInfo } = props;
  // Receipts and typing are for conversations: the other participant is their only audience.
  const peerId = target?.kind === 'conversation' ? otherParticipant(target.conversation, me.id).id : null;
  const conversationId = peerId ? chatId : null;
  const loaded = useMessages(kind, chatId, me, onSent, focusMessageId);
  // The count as the chat opened, kept: the list clears it right away.
  const [unreadAtOpen, setUnreadAtOpen] = useState(focusMessageId ? 0 : props.unreadAtOpen);
  if (unreadAtOpen === undefined && props.unreadAtOpen !== undefined) setUnreadAtOpen(props.unreadAtOpen);
  const unreadFrom = useUnreadStart(loaded, me.id, unreadAtOpen);
  const conversationRead = useReadReceipts(conversationId, peerId, me.id, loaded.messages);
  const messages = useGroupReceipts(kind === 'group' ? chatId : null, me.id, conversationRead);
  const history = { ...loaded, messages };
  const actions = useMessageActions(loaded, me.id);
  const typing = useTypingEmitter(conversationId, peerId);
  const mute = useMute(kind, chatId, (target?.kind === 'group' ? target.group.muted : target?.conversation.muted) ?? false);
  const [sentCount, setSentCount] = useState(0);
  const draft = useChatDraft(me.id, kind, chatId);
  const [replyTo, setReplyToState] = useState<ReplyQuote | null>(null);
  // The reply in progress is part of the draft: restored once the draft is read.
  const [draftReplyShown, setDraftReplyShown] = useState(false);
  if (!draftReplyShown && draft.restored) {
    setDraftReplyShown(true);
    if (!replyTo && draft.restored.replyTo) setReplyToState(draft.restored.replyTo);
  }
  const setReplyTo = (quote: ReplyQuote | null) => {
    setReplyToState(quote);
    draft.setReply(quote);
  };
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [jumpTo, setJumpTo] = useState<{ id: string; nonce: number } | null>(focusMessageId ? { id: focusMessageId, nonce: 1 } : null);
  const rows = useMemo(() => buildRows(history.messages, new Date(), unreadFrom ?? null), [history.messages, unreadFrom]);
  const pictures = useMemo(() => galleryImages(history.messages), [history.messages]);

  // Names for mentions; members for the '@' picker (groups only; '@todos' for group admins). A
  // group carries its first members only: the picker searches the rest on the server.
  const [mentionQuery, setMentionQuery] = useState<string | null>(null);
  const authors = useMemo(() => history.messages.map((m) => m.author), [history.messages]);
  const groupPeople = useGroupPeople(target?.kind === 'group' ? target.group : null, mentionQuery, authors);
  const nameOf = useCallback(
    (id: string) =>
      target?.kind === 'conversation'
        ? [target.conversation.userOne, target.conversation.userTwo].find((p) => p.id === id)?.name
        : groupPeople.nameOf(id),
    [target, groupPeople],
  );
  const isGroupAdmin = target?.kind === 'group' && viewerIsGroupAdmin(target.group, me.id);
  const mentionable = useMemo<MentionCandidate[]>(() => {
    if (target?.kind !== 'group') return [];
    const members = groupPeople.members.filter((m) => m.id !== me.id).map((m) => ({ id: m.id, name: m.name, nickName: m.nickName }));
    return isGroupAdmin ? [{ id: MENTION_ALL, name: MENTION_ALL }, ...members] : members;
  }, [target, me.id, isGroupAdmin, groupPeople]);

  useEffect(() => {
    // The list clears its unread count; useReadReceipts tells the server (docs/produto.md, Regras
    // de conversa).
    onOpened?.(chatId);
  }, [chatId, onOpened]);

  const send = (text: string, mentions: string[]) => {
    typing.stop();
    // Sending from a window opened at an old message goes back to the live end first.
    if (loaded.newer.hasNewer) void loaded.newer.toLatest();
    setReplyTo(null);
    // Scrolled to the end once the bubble is there (it comes from the outbox).
    void history.send(text, { replyTo, mentions }).then(() => setSentCount((n) => n + 1));
  };

  // Like text, an image goes through the outbox: its bubble, with the preview and the
  // upload's progress, comes from there; scrolled to once it is there. Several go one after
  // the other, so that they keep the order they were chosen in.
  const sendImages = (images: { file: File; caption: string }[]) => {
    if (loaded.newer.hasNewer) void loaded.newer.toLatest();
    void images
      .reduce((previous, { file, caption }) => previous.then(() => history.sendImage(file, caption)), Promise.resolve())
      .then(() => setSentCount((n) => n + 1));
  };

  // Files of any kind go one after the other, in the order chosen, each as a file message.
  const sendFiles = (files: File[]) => {
    if (loaded.newer.hasNewer) void loaded.newer.toLatest();
    void files
      .reduce((previous, file) => previous.then(() => history.sendFile(file)), Promise.resolve())
      .then(() => setSentCount((n) => n + 1));
  };

  const sendVoiceNote = (recording: Blob, durationMs: number) => {
    if (loaded.newer.hasNewer) void loaded.newer.toLatest();
    void history.sendVoiceNote(recording, durationMs).then(() => setSentCount((n) => n + 1));
  };

  // Dropped from the desktop: images as images (no caption), everything else as files.
  const drop = useFileDrop((files) => {
    const images = files.filter((file) => validateImageFile(file) === null);
    if (images.length > 0) sendImages(images.map((file) => ({ file, caption: '' })));
    const others = files.filter((file) => !images.includes(file));
    if (others.length > 0) sendFiles(others);
  });

  const startEdit = (m: ChatMessage) => {
    setReplyTo(null);
    setEditing({ id: m.id, body: m.content.body });
  };

  const editLast = () => {
    const mine = [...history.messages]
      .reverse()
      .find((m) => m.authorId === me.id && !m.deletedAt && m.content.type === 'text' && !m.id.startsWith('local:'));
    if (mine) startEdit(mine);
  };

  const onAction = (action: BubbleAction, m: ChatMessage) => {
    if (action === 'reply') {
      setEditing(null);
      setReplyTo(quoteOf(m));
    } else if (action === 'edit') startEdit(m);
    else if (action === 'delete') setDeleting(m.id);
    else if (action === 'discard') history.discard(m.clientId!);
    else if (action === 'cancel-upload') history.cancelUpload(m.clientId!);
    else onShowInfo?.(m.id);
  };

  const jump = useCallback((id: string) => setJumpTo((current) => ({ id, nonce: (current?.nonce ?? 0) + 1 })), []);

  return (
    <section className={styles.view} aria-label="Conversa" style={{ position: 'relative' }} {...drop.handlers}>
      {drop.dragging && <DropOverlay />}
      {target && (
        <ChatHeader
          target={target}
          meId={me.id}
          onTogglePanel={onTogglePanel}
          onBack={onBack}
          muted={mute.muted}
          onToggleMute={mute.toggle}
        />
      )}
      <ImageGallery images={pictures}>
        <MessageList
          rows={rows}
          meId={me.id}
          isGroup={kind === 'group'}
          // The first scroll waits for the unread line's place.
          loading={history.loading || unreadFrom === undefined}
          hasMore={history.hasMore}
          loadingOlder={history.loadingOlder}
          sentCount={sentCount}
          onLoadOlder={history.loadOlder}
          onOpenAuthor={onOpenAuthor}
          onRetry={history.retry}
          canDeleteOthers={isGroupAdmin}
          nameOf={nameOf}
          onAction={onAction}
          onReact={(m, emoji) => void actions.toggleReaction(m, emoji)}
          jumpTo={jumpTo}
          onJump={jump}
          hasNewer={loaded.newer.hasNewer}
          loadingNewer={loaded.newer.loadingNewer}
          heldCount={loaded.newer.heldCount}
          onLoadNewer={loaded.newer.loadNewer}
          onToLatest={loaded.newer.toLatest}
        />
      </ImageGallery>
      <MessageBox
        onTextChange={typing.input}
        onSend={send}
        onSendImages={sendImages}
        onSendFiles={sendFiles}
        onSendVoiceNote={sendVoiceNote}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        editing={editing}
        onCancelEdit={() => setEditing(null)}
        onSaveEdit={(id, text, mentions) => {
          setEditing(null);
          void actions.edit(id, text, mentions);
        }}
        onEditLast={editLast}
        mentionable={mentionable}
        onMentionQuery={setMentionQuery}
        nameOf={nameOf}
        draft={draft.restored?.text}
        onDraftChange={draft.setText}
      />
      <Suspense fallback={null}>
        {deleting && <DeleteMessageDialog onConfirm={() => void actions.remove(deleting)} onClose={() => setDeleting(null)} />}
      </Suspense>
    </section>
  );
}
