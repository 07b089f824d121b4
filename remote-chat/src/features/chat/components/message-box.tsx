import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal, Smile } from 'lucide-react';
import { LIMITS, messageFormSchema } from '@chat/contracts';
import { IconButton } from '@chat/ui';
import { ImageUploadButton } from '../../upload/components/image-upload-button';
import { EmojiPicker } from './emoji-picker';
import styles from './message-box.module.css';

/** SPEC section 9: the textarea has 2 to 4 rows, following the text's line count. */
export function textareaRows(text: string): number {
  const lines = text.split('\n').length;
  return Math.min(LIMITS.textareaMaxRows, Math.max(LIMITS.textareaMinRows, lines));
}

interface Props {
  onSend: (text: string) => void;
  /** Every change of the text (the typing signal listens). */
  onTextChange?: (text: string) => void;
  /** A picked image that passed the upload checks; without it the image button is disabled. */
  onSendImage?: (file: File) => void;
}

export function MessageBox({ onSend, onTextChange, onSendImage }: Props) {
  const [text, setTextState] = useState('');
  const setText = (next: string) => {
    setTextState(next);
    onTextChange?.(next);
  };
  const [emojiOpen, setEmojiOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const emojiAnchorRef = useRef<HTMLDivElement>(null);
  const hasText = text.trim().length > 0;
  const tooLong = text.trim().length > LIMITS.messageMaxLength;
  const error = tooLong ? messageFormSchema.safeParse({ text }).error?.issues[0]?.message : undefined;

  const submit = () => {
    const parsed = messageFormSchema.safeParse({ text });
    if (!parsed.success) return;
    onSend(parsed.data.text);
    setText('');
    textareaRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const closeEmoji = useCallback(() => setEmojiOpen(false), []);

  const insertEmoji = (emoji: string) => {
    const element = textareaRef.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  return (
    <form
      className={styles.box}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={styles.emojiAnchor} ref={emojiAnchorRef}>
        <IconButton aria-label="Emojis" aria-expanded={emojiOpen} onClick={() => setEmojiOpen((open) => !open)}>
          <Smile size={20} />
        </IconButton>
        {emojiOpen && <EmojiPicker anchorRef={emojiAnchorRef} onSelect={insertEmoji} onClose={closeEmoji} />}
      </div>
      <div className={styles.field}>
        <textarea
          ref={textareaRef}
          className={styles.textarea}
          value={text}
          rows={textareaRows(text)}
          placeholder="Digite uma mensagem..."
          aria-label="Mensagem"
          aria-invalid={tooLong || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {error && (
          <span className={styles.error} role="alert">
            {error}
          </span>
        )}
      </div>
      {hasText ? (
        <IconButton type="submit" aria-label="Enviar mensagem" variant="solid" disabled={tooLong}>
          <SendHorizontal size={20} />
        </IconButton>
      ) : (
        <ImageUploadButton onPick={(file) => onSendImage?.(file)} disabled={!onSendImage} />
      )}
    </form>
  );
}
