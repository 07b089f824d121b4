import { File, FileVideo } from 'lucide-react';
import { formatFileSize, type SharedMediaItem, type SharedMediaKind } from '@chat/contracts';
import { Button, EmptyState, Spinner } from '@chat/ui';
import type { ChatKind } from '../../../shared/chat-types';
import { safeHref } from '../../../shared/format-text';
import { useSharedMedia } from '../hooks/use-shared-media';
import styles from './shared-media.module.css';

export const SHARED_TEXTS = {
  mediaTab: 'Mídia',
  filesTab: 'Arquivos',
  noMedia: 'Nenhuma imagem ou vídeo compartilhado',
  noFiles: 'Nenhum arquivo compartilhado',
  more: 'Mostrar mais',
  open: (what: string) => `Ir para a mensagem: ${what}`,
  image: (author: string) => `Imagem enviada por ${author}`,
} as const;

interface Props {
  chat: ChatKind;
  chatId: string;
  kind: SharedMediaKind;
  /** Opens the chat at the message that carried the item. */
  onOpenMessage: (messageId: string) => void;
}

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** Same-origin paths and http(s) URLs only, as the bubbles load them. */
const srcOf = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : safeHref(url));

function MediaTile({ item, onOpen }: { item: SharedMediaItem; onOpen: () => void }) {
  const src = srcOf(item.url);
  const label = item.type === 'image' ? SHARED_TEXTS.image(item.author.name) : (item.fileName ?? '');
  return (
    <li>
      <button type="button" className={styles.tile} onClick={onOpen} aria-label={SHARED_TEXTS.open(label)} title={label}>
        {(item.type === 'image' || item.mimeType?.startsWith('image/')) && src ? (
          <img className={styles.thumb} src={src} alt="" loading="lazy" />
        ) : (
          <span className={styles.videoTile} aria-hidden="true">
            <FileVideo size={24} />
            <span className={styles.videoName}>{item.fileName}</span>
          </span>
        )}
      </button>
    </li>
  );
}

function FileRow({ item, onOpen }: { item: SharedMediaItem; onOpen: () => void }) {
  const name = item.fileName ?? '';
  return (
    <li>
      <button type="button" className={styles.fileRow} onClick={onOpen} aria-label={SHARED_TEXTS.open(name)}>
        <span className={styles.fileIcon} aria-hidden="true">
          <File size={18} />
        </span>
        <span className={styles.fileText}>
          <span className={styles.fileName} title={name}>
            {name}
          </span>
          <span className={styles.fileMeta}>
            {[item.size === null ? null : formatFileSize(item.size), dateOf(item.createdAt), item.author.name].filter(Boolean).join(' · ')}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The details panel's 'Mídia' (a grid of images and videos) or 'Arquivos' (a list), newest first. */
export function SharedMediaList({ chat, chatId, kind, onOpenMessage }: Props) {
  const { items, loading, hasMore, loadMore } = useSharedMedia(chat, chatId, kind);
  if (items.length === 0) {
    return loading ? <Spinner size="sm" /> : <EmptyState text={kind === 'media' ? SHARED_TEXTS.noMedia : SHARED_TEXTS.noFiles} />;
  }
  return (
    <div className={styles.shared}>
      <ul
        className={kind === 'media' ? styles.grid : styles.files}
        aria-label={kind === 'media' ? SHARED_TEXTS.mediaTab : SHARED_TEXTS.filesTab}
      >
        {items.map((item) =>
          kind === 'media' ? (
            <MediaTile key={item.messageId} item={item} onOpen={() => onOpenMessage(item.messageId)} />
          ) : (
            <FileRow key={item.messageId} item={item} onOpen={() => onOpenMessage(item.messageId)} />
          ),
        )}
      </ul>
      {hasMore && (
        <Button size="sm" variant="ghost" onClick={loadMore} disabled={loading}>
          {SHARED_TEXTS.more}
        </Button>
      )}
    </div>
  );
}
