import { File, Image } from 'lucide-react';
import type { MessageSearchHit } from '@chat/contracts';
import { Avatar, Button } from '@chat/ui';
import { listTime } from '../../../shared/dates';
import { plainText } from '../../../shared/format-text';
import { highlightParts, snippetAround } from '../lib/highlight';
import styles from './message-hits.module.css';

interface Props {
  term: string;
  hits: MessageSearchHit[];
  hasMore: boolean;
  loading: boolean;
  onOpen: (hit: MessageSearchHit) => void;
  onMore: () => void;
}

/**
 * Messages found by their words (a text, an image's caption, a file's name), below the chats found; each opens its
 * chat at the message. A conversation's avatar takes the other person's colour, as in the list.
 */
export function MessageHits({ term, hits, hasMore, loading, onOpen, onMore }: Props) {
  if (hits.length === 0) return null;
  return (
    <section className={styles.section} aria-label="Mensagens encontradas">
      <h3 className={styles.heading}>Mensagens</h3>
      <ul className={styles.hits}>
        {hits.map((hit) => {
          const text = snippetAround(plainText(hit.body), term);
          return (
            <li key={hit.id}>
              <button type="button" className={styles.hit} onClick={() => onOpen(hit)} data-testid="message-hit">
                <Avatar name={hit.chat.name} colorKey={hit.chat.peerId ?? hit.chat.id} src={hit.chat.avatarUrl} size="sm" />
                <span className={styles.text}>
                  <span className={styles.top}>
                    <span className={styles.chat}>{hit.chat.name}</span>
                    <span className={styles.time}>{listTime(hit, hit.createdAt)}</span>
                  </span>
                  <span className={styles.body}>
                    <span className={styles.author}>{hit.author.name}: </span>
                    {/* An image found by its caption. */}
                    {hit.type === 'image' && <Image className={styles.imageMark} size={14} aria-label="Imagem" role="img" />}
                    {/* A file found by its name. */}
                    {hit.type === 'file' && <File className={styles.imageMark} size={14} aria-label="Arquivo" role="img" />}
                    {highlightParts(text, term).map((part, i) =>
                      part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
                    )}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <div className={styles.more}>
          <Button size="sm" variant="ghost" onClick={onMore} disabled={loading}>
            Mostrar mais mensagens
          </Button>
        </div>
      )}
    </section>
  );
}
