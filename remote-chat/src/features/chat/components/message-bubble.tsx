import { Copy } from 'lucide-react';
import { ActionMenu, Avatar, Button, LongPressMenu } from '@chat/ui';
import { timeOfDay } from '../../../shared/dates';
import { safeHref } from '../lib/format-text';
import type { ChatMessage } from '../lib/merge-messages';
import { FormattedText } from './formatted-text';
import { MessageImage } from './message-image';
import { StatusTick } from './status-tick';
import styles from './message-bubble.module.css';

interface Props {
  message: ChatMessage;
  own: boolean;
  /** In groups, others' messages show who wrote them. */
  showAuthor: boolean;
  onOpenAuthor?: (authorId: string) => void;
  onRetry?: (clientId: string) => void;
}

/** Image bodies are this server's media URLs; anything that is not http(s) or same-origin is not loaded. */
function imageSrc(body: string): string | null {
  if (body.startsWith('/') && !body.startsWith('//')) return body;
  return safeHref(body);
}

function Content({ message }: { message: ChatMessage }) {
  if (message.content.type === 'image') {
    // While uploading, the local preview of the picked file.
    const src = message.upload?.previewUrl ?? imageSrc(message.content.body);
    const progress = message.upload && !message.failed ? message.upload.progress : undefined;
    return src ? (
      <MessageImage src={src} alt={`Imagem enviada por ${message.author.name}`} progress={progress} />
    ) : (
      <span>Imagem</span>
    );
  }
  return (
    <p className={styles.text}>
      <FormattedText text={message.content.body} />
    </p>
  );
}

export function MessageBubble({ message, own, showAuthor, onOpenAuthor, onRetry }: Props) {
  const copy = () => void navigator.clipboard?.writeText(message.content.body).catch(() => undefined);
  // One list for both ways in: the button beside the bubble, and a long-press on touch screens.
  const actions = [{ label: 'Copiar', icon: <Copy size={14} />, action: copy }];
  return (
    <div className={styles.row} data-own={own ? '' : undefined} data-testid="message">
      {showAuthor && <Avatar className={styles.avatar} name={message.author.name} src={message.author.avatarUrl} size="sm" />}
      <LongPressMenu options={actions} className={styles.menu}>
        <div className={styles.bubble} data-failed={message.failed ? '' : undefined}>
          {showAuthor && (
            <button type="button" className={styles.author} onClick={() => onOpenAuthor?.(message.authorId)}>
              {message.author.name}
            </button>
          )}
          <Content message={message} />
          <div className={styles.meta}>
            <time dateTime={message.createdAt}>{timeOfDay(message.createdAt)}</time>
            {own && !message.failed && <StatusTick status={message.status} />}
          </div>
          {message.failed && message.clientId && (
            <div className={styles.failed} role="alert">
              <span>Falha ao enviar</span>
              <Button size="xs" width="sm" variant="outline" onClick={() => onRetry?.(message.clientId!)}>
                Tentar novamente
              </Button>
            </div>
          )}
        </div>
      </LongPressMenu>
      <ActionMenu
        className={styles.menu}
        options={actions}
        align={own ? 'end' : 'start'}
      />
    </div>
  );
}
