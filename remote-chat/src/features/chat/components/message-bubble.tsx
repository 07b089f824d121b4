import { lazy, Suspense, useCallback, useState } from 'react';
import { format } from 'date-fns';
import { Copy, Info, Pencil, Reply, SmilePlus, Trash2 } from 'lucide-react';
import { MESSAGE_ACTION_LIMITS, mentionsUser } from '@chat/contracts';
import {
  ActionMenu,
  type ActionMenuOption,
  Avatar,
  Button,
  IconButton,
  identityTextColor,
  LongPressMenu,
  type QuickMenuChoice,
} from '@chat/ui';
import { timeOfDay } from '../../../shared/dates';

import { ACTION_TEXTS, editedTitle } from '../lib/action-texts';
import type { ChatMessage } from '../lib/merge-messages';
import { fromTokens } from '../lib/mention-text';
import { beyondReactionLimit } from '../lib/reaction-limit';
import { imageAlt, imageSrc } from '../lib/gallery';
import { FormattedText } from './formatted-text';
import { MessageFile } from './message-file';
import { MessageImage } from './message-image';
import { VoiceNote } from './voice-note';
import { MessageQuote } from './message-quote';
import { SWIPE_REPLY_AT, useSwipeToReply } from '../hooks/use-swipe-to-reply';
import { ReactionChips } from './reaction-chips';
import { StatusTick } from './status-tick';
import { UnsentNotice } from './unsent-notice';
import styles from './message-bubble.module.css';

// Loaded on the first 'Reagir' (with the emoji picker behind its '+').
const ReactionBar = lazy(() => import('./reaction-bar').then((m) => ({ default: m.ReactionBar })));

/** What the bubble's menu asks the chat to do. */
export type BubbleAction = 'reply' | 'edit' | 'delete' | 'info' | 'discard' | 'cancel-upload';

interface Props {
  message: ChatMessage;
  own: boolean;
  meId: string;
  /** In groups, others' messages show who wrote them. */
  /** Others' messages in a group: the author's name and avatar, once per run. */
  showAuthor: boolean;
  /**
   * Under a message of the same author (message-rows): drawn closer to it, and without the name
   * and avatar again (the avatar's place stays, so the bubbles line up).
   */
  continuesRun?: boolean;
  /** Group admins may delete anyone's message of the group. */
  canDeleteOthers?: boolean;
  /** Own group messages have 'Informações' (who read it). */
  canShowInfo?: boolean;
  /** Briefly highlighted after a jump from a reply's quote. */
  highlighted?: boolean;
  nameOf?: (id: string) => string | undefined;
  onOpenAuthor?: (authorId: string) => void;
  onRetry?: (clientId: string) => void;
  onAction?: (action: BubbleAction, message: ChatMessage) => void;
  onReact?: (message: ChatMessage, emoji: string) => void;
  onJump?: (messageId: string) => void;
}

const noName = () => undefined;

interface ContentProps {
  message: ChatMessage;
  nameOf: (id: string) => string | undefined;
  meId: string;
  onCancelUpload?: () => void;
}

function Content({ message, nameOf, meId, onCancelUpload }: ContentProps) {
  if (message.deletedAt) {
    return <p className={styles.deleted}>{message.deletedBy === 'admin' ? ACTION_TEXTS.deletedByAdmin : ACTION_TEXTS.deleted}</p>;
  }
  if (message.content.type === 'file' || message.content.type === 'audio') {
    const { content } = message;
    const url = message.upload?.previewUrl ?? content.body;
    const progress = message.upload && !message.failed ? message.upload.progress : undefined;
    if (content.type === 'audio' && content.durationMs !== undefined) {
      return <VoiceNote id={message.id} src={url} durationMs={content.durationMs} progress={progress} />;
    }
    return (
      <MessageFile
        url={url}
        fileName={content.fileName ?? ''}
        size={content.size}
        mimeType={content.mimeType}
        progress={progress}
        onCancel={onCancelUpload}
      />
    );
  }
  if (message.content.type === 'image') {
    // While uploading, the local preview of the picked file.
    const src = message.upload?.previewUrl ?? imageSrc(message.content.body);
    const progress = message.upload && !message.failed ? message.upload.progress : undefined;
    const caption = message.content.caption;
    return (
      <div className={styles.imageContent}>
        {src ? (
          <MessageImage messageId={message.id} src={src} alt={imageAlt(message.author.name)} progress={progress} />
        ) : (
          <span>{ACTION_TEXTS.image}</span>
        )}
        {caption && (
          <p className={styles.caption}>
            <FormattedText text={caption} nameOf={nameOf} meId={meId} />
          </p>
        )}
      </div>
    );
  }
  return (
    <p className={styles.text}>
      <FormattedText text={message.content.body} nameOf={nameOf} meId={meId} />
    </p>
  );
}

export function MessageBubble(props: Props) {
  const { message, own, meId, nameOf = noName, onOpenAuthor, onRetry, onAction, onReact, onJump } = props;
  const showAuthor = props.showAuthor && !props.continuesRun;
  const [bubble, setBubble] = useState<HTMLDivElement | null>(null);
  const [reacting, setReacting] = useState(false);
  const closeBar = useCallback(() => setReacting(false), []);
  const settled = !message.id.startsWith('local:') && !message.failed;
  const deleted = !!message.deletedAt;
  const swipe = useSwipeToReply(settled && !deleted && onAction ? () => onAction('reply', message) : null);
  const swipeRef = swipe.ref;
  const bubbleRef = useCallback(
    (element: HTMLDivElement | null) => {
      setBubble(element);
      swipeRef(element);
    },
    [swipeRef],
  );

  // The text as written (an image's caption), mentions as names.
  const words = message.content.type === 'text' ? message.content.body : message.content.caption;
  const copy = () => void navigator.clipboard?.writeText(fromTokens(words ?? '', nameOf).text).catch(() => undefined);
  // One list for both ways in: the button beside the bubble, and a long-press on touch screens.
  const actions: ActionMenuOption[] = [];
  if (!deleted && words) actions.push({ label: ACTION_TEXTS.copy, icon: <Copy size={14} />, action: copy });
  if (settled && !deleted) {
    actions.push({ label: ACTION_TEXTS.reply, icon: <Reply size={14} />, action: () => onAction?.('reply', message) });
    actions.push({ label: ACTION_TEXTS.react, icon: <SmilePlus size={14} />, action: () => setReacting(true) });
    if (own && message.content.type === 'text')
      actions.push({ label: ACTION_TEXTS.edit, icon: <Pencil size={14} />, action: () => onAction?.('edit', message) });
    if (own && props.canShowInfo)
      actions.push({ label: ACTION_TEXTS.info, icon: <Info size={14} />, action: () => onAction?.('info', message) });
    if (own || props.canDeleteOthers)
      actions.push({
        label: ACTION_TEXTS.delete,
        icon: <Trash2 size={14} />,
        action: () => onAction?.('delete', message),
        destructive: true,
      });
  }
  // The long-press sheet opens with the frequent reactions in a row, as the peers' do; the
  // limit of distinct emoji is checked where every reaction goes (onReact).
  const quickReactions: QuickMenuChoice[] = MESSAGE_ACTION_LIMITS.frequentReactions.map((emoji) => ({
    label: `Reagir com ${emoji}`,
    content: emoji,
    action: () => onReact?.(message, emoji),
  }));

  return (
    <div
      className={styles.row}
      data-own={own ? '' : undefined}
      data-testid="message"
      data-message-id={message.id}
      data-mentions-me={mentionsUser(message, meId) ? '' : undefined}
      data-highlighted={props.highlighted ? '' : undefined}
      data-continues-run={props.continuesRun ? '' : undefined}
    >
      {props.showAuthor && props.continuesRun && <span className={styles.avatarSpace} aria-hidden="true" />}
      {showAuthor && (
        <Avatar className={styles.avatar} name={message.author.name} colorKey={message.authorId} src={message.author.avatarUrl} size="sm" />
      )}
      <LongPressMenu options={actions} quick={settled && !deleted ? quickReactions : undefined} className={styles.menu}>
        <div
          ref={bubbleRef}
          className={styles.bubble}
          data-failed={message.failed ? '' : undefined}
          data-swiping={swipe.shift > 0 ? '' : undefined}
          style={swipe.shift > 0 ? { transform: `translateX(${swipe.shift}px)` } : undefined}
        >
          {swipe.shift > 0 && (
            <span className={styles.swipeHint} data-armed={swipe.shift >= SWIPE_REPLY_AT ? '' : undefined} aria-hidden="true">
              <Reply size={18} />
            </span>
          )}
          {showAuthor && message.bot && (
            // An integration's message: its name with the 'bot' badge, and no profile to open.
            <span className={styles.author} style={{ color: identityTextColor(message.authorId) }}>
              {message.author.name} <span className={styles.botBadge}>bot</span>
            </span>
          )}
          {showAuthor && !message.bot && (
            <button
              type="button"
              className={styles.author}
              style={{ color: identityTextColor(message.authorId) }}
              onClick={() => onOpenAuthor?.(message.authorId)}
            >
              {message.author.name}
            </button>
          )}
          {message.replyTo && !deleted && <MessageQuote quote={message.replyTo} nameOf={nameOf} onJump={onJump} />}
          <Content
            message={message}
            nameOf={nameOf}
            meId={meId}
            onCancelUpload={message.upload && message.clientId ? () => onAction?.('cancel-upload', message) : undefined}
          />
          <div className={styles.meta}>
            {message.editedAt && !deleted && (
              <span className={styles.edited} title={editedTitle(format(new Date(message.editedAt), 'dd/MM/yyyy HH:mm'))}>
                {ACTION_TEXTS.edited}
              </span>
            )}
            <time dateTime={message.createdAt}>{timeOfDay(message.createdAt)}</time>
            {own && !message.failed && !deleted && <StatusTick status={message.status} />}
          </div>
          {!deleted && <ReactionChips reactions={message.reactions} meId={meId} onToggle={(emoji) => onReact?.(message, emoji)} />}
          {message.refused && message.clientId && (
            <UnsentNotice
              reason={message.refused.reason}
              onRetry={() => onRetry?.(message.clientId!)}
              onDiscard={() => onAction?.('discard', message)}
            />
          )}
          {message.failed && !message.refused && message.clientId && (
            <div className={styles.failed} role="alert">
              <span>Falha ao enviar</span>
              <Button size="xs" width="sm" variant="outline" onClick={() => onRetry?.(message.clientId!)}>
                Tentar novamente
              </Button>
            </div>
          )}
        </div>
      </LongPressMenu>
      {settled && !deleted && (
        <IconButton aria-label={ACTION_TEXTS.react} size="sm" onClick={() => setReacting((open) => !open)}>
          <SmilePlus size={16} aria-hidden="true" />
        </IconButton>
      )}
      {actions.length > 0 && <ActionMenu className={styles.menu} options={actions} align={own ? 'end' : 'start'} />}
      {reacting && bubble && (
        <Suspense fallback={null}>
          <ReactionBar
            anchor={bubble}
            onPick={(emoji) => onReact?.(message, emoji)}
            onClose={closeBar}
            unavailable={(emoji) => beyondReactionLimit(message.reactions, emoji)}
          />
        </Suspense>
      )}
    </div>
  );
}
