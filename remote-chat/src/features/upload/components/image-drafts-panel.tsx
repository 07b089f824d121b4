import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Plus, SendHorizontal, X } from 'lucide-react';
import { imageCaptionFormSchema, LIMITS } from '@chat/contracts';
import { cx, IconButton } from '@chat/ui';
import { useAutoHeight } from '../../../shared/use-auto-height';
import { useTouchTyping } from '../../../shared/use-touch-typing';
import type { ImageDrafts } from '../hooks/use-image-drafts';
import { UPLOAD_TEXTS } from '../lib/upload-texts';
import { ImageUploadButton } from './image-upload-button';
import styles from './image-drafts-panel.module.css';

interface Props {
  images: ImageDrafts;
  /** Every image with its caption, in the order shown; the panel closes. */
  onSend: (images: { file: File; caption: string }[]) => void;
}

const captionError = (caption: string) => imageCaptionFormSchema.safeParse({ caption }).error?.issues[0]?.message;

/**
 * The images picked in the message box, before they go: the chosen one large with its caption,
 * the others as thumbnails to choose, remove or add to, 'Cancelar envio' for all. Each image is
 * sent as a message of its own with its own caption, as WhatsApp does. Keys as in the message box:
 * Enter sends (a new line on touch screens), Escape cancels.
 */
export function ImageDraftsPanel({ images, onSend }: Props) {
  const { drafts, selected } = images;
  const captionRef = useRef<HTMLTextAreaElement>(null);
  const touchTyping = useTouchTyping();
  const caption = selected?.caption ?? '';
  useAutoHeight(captionRef, caption, LIMITS.textareaMaxRows);
  const error = captionError(caption);
  const blocked = drafts.some((d) => captionError(d.caption) !== undefined);

  // The caption of the image shown takes the typing, as the chat's box did.
  const selectedId = selected?.id;
  useEffect(() => {
    if (!touchTyping) captionRef.current?.focus();
  }, [selectedId, touchTyping]);

  const send = () => {
    if (blocked || drafts.length === 0) return;
    onSend(drafts.map((d) => ({ file: d.file, caption: d.caption.trim() })));
    images.clear();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      images.clear();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || touchTyping) return;
    event.preventDefault();
    send();
  };

  if (!selected) return null;
  const position = drafts.indexOf(selected) + 1;
  return (
    <div className={styles.panel} role="region" aria-label={UPLOAD_TEXTS.preview}>
      <div className={styles.top}>
        <IconButton aria-label={UPLOAD_TEXTS.cancelAll} title={UPLOAD_TEXTS.cancelAll} onClick={images.clear}>
          <X size={20} />
        </IconButton>
        <span className={styles.count}>{UPLOAD_TEXTS.count(drafts.length)}</span>
      </div>
      <div className={styles.stage}>
        <img className={styles.large} src={selected.previewUrl} alt={UPLOAD_TEXTS.thumbnail(position, drafts.length)} />
      </div>
      <div className={styles.bottom}>
        <div className={styles.captionField}>
          <textarea
            ref={captionRef}
            className={styles.caption}
            rows={1}
            value={caption}
            placeholder={UPLOAD_TEXTS.captionPlaceholder}
            aria-label={UPLOAD_TEXTS.caption}
            aria-invalid={error ? true : undefined}
            enterKeyHint={touchTyping ? 'enter' : 'send'}
            onChange={(event) => images.setCaption(selected.id, event.target.value)}
            onKeyDown={onKeyDown}
          />
          {error && (
            <span className={styles.error} role="alert">
              {error}
            </span>
          )}
        </div>
        <div className={styles.strip}>
          <ul className={styles.thumbs} aria-label={UPLOAD_TEXTS.preview}>
            {drafts.map((draft, index) => (
              <li key={draft.id} className={styles.thumbItem}>
                <button
                  type="button"
                  className={cx(styles.thumb, captionError(draft.caption) && styles.thumbInvalid)}
                  aria-label={UPLOAD_TEXTS.thumbnail(index + 1, drafts.length)}
                  aria-pressed={draft.id === selected.id}
                  onClick={() => images.select(draft.id)}
                >
                  <img src={draft.previewUrl} alt="" />
                </button>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`${UPLOAD_TEXTS.remove} ${index + 1}`}
                  title={UPLOAD_TEXTS.remove}
                  onClick={() => {
                    images.remove(draft.id);
                    // The pressed button is gone: the typing goes back to the caption.
                    if (!touchTyping) captionRef.current?.focus();
                  }}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            ))}
            <li className={styles.thumbItem}>
              <ImageUploadButton className={styles.addMore} label={UPLOAD_TEXTS.addMore} icon={<Plus size={20} />} onPick={images.add} />
            </li>
          </ul>
          <IconButton
            aria-label={UPLOAD_TEXTS.send}
            title={UPLOAD_TEXTS.send}
            variant="solid"
            size="lg"
            rounded="full"
            disabled={blocked}
            onMouseDown={(event) => event.preventDefault()}
            onClick={send}
          >
            <SendHorizontal size={22} />
          </IconButton>
        </div>
      </div>
    </div>
  );
}
