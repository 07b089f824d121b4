import { mediaPreviewText, type ReplyQuote } from '@chat/contracts';
import { plainText } from '../../../shared/format-text';
import { ACTION_TEXTS } from '../lib/action-texts';
import styles from './message-quote.module.css';

/** What a quote shows of the quoted message: its first line, 'Imagem', or 'Mensagem apagada'. */
export function quoteLine(quote: ReplyQuote, nameOf: (id: string) => string | undefined): string {
  if (quote.deleted) return ACTION_TEXTS.deleted;
  if (quote.type === 'image') return ACTION_TEXTS.image;
  // A quote carries no file name nor length: 'Arquivo', 'Mensagem de voz'.
  const media = mediaPreviewText({ type: quote.type });
  if (media) return media;
  return plainText(quote.body.split('\n')[0] ?? '', nameOf);
}

interface Props {
  quote: ReplyQuote;
  nameOf: (id: string) => string | undefined;
  /** In a bubble: a click scrolls to the original. */
  onJump?: (id: string) => void;
}

/** The quoted message of a reply: its author and first line. */
export function MessageQuote({ quote, nameOf, onJump }: Props) {
  const body = (
    <>
      <span className={styles.author}>{quote.authorName}</span>
      <span className={styles.line} data-deleted={quote.deleted ? '' : undefined}>
        {quoteLine(quote, nameOf)}
      </span>
    </>
  );
  return onJump ? (
    <button type="button" className={styles.quote} onClick={() => onJump(quote.id)} title="Ir para a mensagem original">
      {body}
    </button>
  ) : (
    <div className={styles.quote}>{body}</div>
  );
}
