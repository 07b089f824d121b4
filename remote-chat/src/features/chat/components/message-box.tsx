import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Check, SendHorizontal, Smile, X } from 'lucide-react';
import { LIMITS, messageFormSchema, type ReplyQuote } from '@chat/contracts';
import { IconButton } from '@chat/ui';
import { ImageDraftsPanel } from '../../upload/components/image-drafts-panel';
import { AttachMenu } from '../../upload/components/attach-menu';
import { VoiceControls } from '../../upload/components/voice-controls';
import { useImageDrafts } from '../../upload/hooks/use-image-drafts';
import { useVoiceRecorder } from '../../upload/hooks/use-voice-recorder';
import { ACTION_TEXTS } from '../lib/action-texts';
import {
  type ChosenMentions,
  fromTokens,
  labelOf,
  matchCandidates,
  type MentionCandidate,
  mentionQueryAt,
  toTokens,
} from '../lib/mention-text';
import { EmojiPicker } from './emoji-picker';
import { MENTION_LIST_ID, MentionPicker, mentionOptionId } from './mention-picker';
import { MessageQuote } from './message-quote';
import { useAutoHeight } from '../../../shared/use-auto-height';
import { useTouchTyping } from '../../../shared/use-touch-typing';
import styles from './message-box.module.css';

/**
 * docs/produto.md, Validação e limites: the textarea has 2 to 4 rows, following the text's line
 * count.
 */
export function textareaRows(text: string): number {
  const lines = text.split('\n').length;
  return Math.min(LIMITS.textareaMaxRows, Math.max(LIMITS.textareaMinRows, lines));
}

/** The message being edited: its id and stored text. */
export interface EditTarget {
  id: string;
  body: string;
}

interface Props {
  /** The text as sent (mentions as `<@id>` tokens) and the mentioned targets. */
  onSend: (text: string, mentions: string[]) => void;
  /** Every change of the text (the typing signal listens). */
  onTextChange?: (text: string) => void;
  /**
   * Images chosen (picked, pasted), reviewed in the preview and sent, each with its caption, in
   * order; without it the image button is disabled.
   */
  onSendImages?: (images: { file: File; caption: string }[]) => void;
  /** Files of any kind (the clip's 'Arquivo'), each sent as a file. */
  onSendFiles?: (files: File[]) => void;
  /** A recorded voice note; without it the microphone is not offered. */
  onSendVoiceNote?: (recording: Blob, durationMs: number) => void;
  // Message actions.
  replyTo?: ReplyQuote | null;
  onCancelReply?: () => void;
  editing?: EditTarget | null;
  onCancelEdit?: () => void;
  onSaveEdit?: (id: string, text: string, mentions: string[]) => void;
  /** The Up arrow in an empty box: edit my last message. */
  onEditLast?: () => void;
  /** Group members who may be mentioned ('@' picker); none in conversations. */
  mentionable?: MentionCandidate[];
  /** What follows the '@' being typed (null when no mention is being typed): a big group searches it. */
  onMentionQuery?: (query: string | null) => void;
  nameOf?: (id: string) => string | undefined;
  /** The chat's saved draft (mentions as tokens), put in the box once if it is empty. */
  draft?: string;
  /** Every change of what would be sent, outside edit mode (the draft is saved from it). */
  onDraftChange?: (text: string) => void;
}

const noName = () => undefined;

/** A press on the send button leaves the focus in the box, so a phone's keyboard stays open. */
const keepKeyboard = (event: MouseEvent) => event.preventDefault();

export function MessageBox(props: Props) {
  const { onSend, onTextChange, onSendImages, replyTo, editing, mentionable = [], nameOf = noName } = props;
  const [text, setTextState] = useState('');
  const [chosen, setChosen] = useState<ChosenMentions>(new Map());
  const [picker, setPicker] = useState<{ start: number; query: string; active: number } | null>(null);
  const setText = (next: string, nextChosen: ChosenMentions = chosen) => {
    setTextState(next);
    onTextChange?.(next);
    if (!editing) props.onDraftChange?.(toTokens(next, nextChosen).text);
  };
  const [emojiOpen, setEmojiOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useAutoHeight(textareaRef, text, LIMITS.textareaMaxRows);
  const touchTyping = useTouchTyping();
  const images = useImageDrafts();
  const recorder = useVoiceRecorder((recording, durationMs) => props.onSendVoiceNote?.(recording, durationMs));
  const emojiAnchorRef = useRef<HTMLDivElement>(null);
  const hasText = text.trim().length > 0;
  const tooLong = text.trim().length > LIMITS.messageMaxLength;
  const error = tooLong ? messageFormSchema.safeParse({ text }).error?.issues[0]?.message : undefined;
  const candidates = picker ? matchCandidates(mentionable, picker.query) : [];

  // Entering edit mode puts the message's text in the box (mentions back as '@Name'), once per message.
  const [shownEdit, setShownEdit] = useState<string | undefined>(undefined);
  if (editing?.id !== shownEdit) {
    setShownEdit(editing?.id);
    if (editing) {
      const back = fromTokens(editing.body, nameOf);
      setTextState(back.text);
      setChosen(back.chosen);
    }
  }
  // The saved draft, once it is known (it is read from the browser's storage).
  const [draftShown, setDraftShown] = useState(false);
  if (!draftShown && props.draft !== undefined) {
    setDraftShown(true);
    if (text === '') {
      const back = fromTokens(props.draft, nameOf);
      setTextState(back.text);
      setChosen(back.chosen);
    }
  }
  // Where the caret goes once an insertion (a chosen mention, an emoji) has reached the textarea.
  // Placed in the layout effect of that render, before the next key event can land, not on a
  // later frame: a keystroke in between would be typed where the caret is moved back from.
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const position = caretAfterRender.current;
    if (position === null) return;
    caretAfterRender.current = null;
    textareaRef.current?.focus();
    textareaRef.current?.setSelectionRange(position, position);
  }, [text]);

  const editingId = editing?.id;
  useEffect(() => {
    if (!editingId) return;
    const element = textareaRef.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, [editingId]);

  useEffect(() => {
    if (replyTo) textareaRef.current?.focus();
  }, [replyTo]);

  const reset = () => {
    setText('', new Map());
    setChosen(new Map());
    setPicker(null);
  };

  const submit = () => {
    const parsed = messageFormSchema.safeParse({ text });
    if (!parsed.success) return;
    const outgoing = toTokens(parsed.data.text, chosen);
    if (editing) props.onSaveEdit?.(editing.id, outgoing.text, outgoing.mentions);
    else onSend(outgoing.text, outgoing.mentions);
    reset();
    textareaRef.current?.focus();
  };

  const cancelEdit = () => {
    reset();
    props.onCancelEdit?.();
  };

  const choose = (candidate: MentionCandidate) => {
    if (!picker) return;
    const label = labelOf(candidate);
    const caret = picker.start + 1 + picker.query.length;
    const next = `${text.slice(0, picker.start)}${label} ${text.slice(caret)}`;
    const nextChosen = new Map(chosen).set(label, candidate.id);
    setText(next, nextChosen);
    setChosen(nextChosen);
    setPicker(null);
    caretAfterRender.current = picker.start + label.length + 1;
  };

  const onChange = (value: string, caret: number) => {
    setText(value);
    const query = mentionable.length > 0 ? mentionQueryAt(value, caret) : null;
    setPicker(query ? { ...query, active: 0 } : null);
    props.onMentionQuery?.(query ? query.query : null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (picker && candidates.length > 0) {
      const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
      if (move !== 0) {
        event.preventDefault();
        setPicker({ ...picker, active: (picker.active + move + candidates.length) % candidates.length });
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(candidates[picker.active] ?? candidates[0]!);
        return;
      }
    }
    if (event.key === 'Escape') {
      // Handled here: Escape closes the picker, the edit or the reply, not the conversation.
      if (picker) setPicker(null);
      else if (editing) cancelEdit();
      else if (replyTo) props.onCancelReply?.();
      else return;
      event.preventDefault();
      return;
    }
    if (event.key === 'ArrowUp' && text === '' && !editing && props.onEditLast) {
      event.preventDefault();
      props.onEditLast();
      return;
    }
    // Enter sends (or saves), Shift+Enter is a new line; typed on a touch screen, Enter is a new
    // line and the button sends.
    if (event.key !== 'Enter' || event.shiftKey || touchTyping) return;
    event.preventDefault();
    submit();
  };

  const closeEmoji = useCallback(() => setEmojiOpen(false), []);

  const insertEmoji = (emoji: string) => {
    const element = textareaRef.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    caretAfterRender.current = start + emoji.length;
  };

  // A pasted image goes to the preview, as one picked would; other pasted files are sent as files.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    const files = pasted.filter((file) => file.type.startsWith('image/'));
    const others = pasted.filter((file) => !file.type.startsWith('image/'));
    if ((files.length === 0 || !onSendImages) && (others.length === 0 || !props.onSendFiles)) return;
    if (editing) return;
    event.preventDefault();
    if (files.length > 0) images.add(files);
    if (others.length > 0) props.onSendFiles?.(others);
  };

  if (images.drafts.length > 0 && onSendImages) return <ImageDraftsPanel images={images} onSend={onSendImages} />;

  const pickerShown = !!picker && candidates.length > 0;
  // Hidden, not removed, while a voice note is recorded: the text and the caret stay.
  const fieldElement = (
    <div className={styles.field} style={recorder.recording ? { display: 'none' } : undefined}>
      <div className={styles.input} onClick={() => textareaRef.current?.focus()}>
        <textarea
          ref={textareaRef}
          className={styles.textarea}
          value={text}
          rows={textareaRows(text)}
          placeholder="Digite uma mensagem..."
          aria-label="Mensagem"
          enterKeyHint={touchTyping ? 'enter' : 'send'}
          aria-invalid={tooLong || undefined}
          role={mentionable.length > 0 ? 'combobox' : undefined}
          aria-expanded={mentionable.length > 0 ? pickerShown : undefined}
          aria-controls={pickerShown ? MENTION_LIST_ID : undefined}
          aria-activedescendant={pickerShown ? mentionOptionId(picker.active) : undefined}
          onChange={(event) => onChange(event.target.value, event.target.selectionStart)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
      </div>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
  return (
    <div className={styles.wrap}>
      {editing ? (
        <div className={styles.context}>
          <span className={styles.editing}>{ACTION_TEXTS.editing}</span>
          <IconButton aria-label={ACTION_TEXTS.cancel} title={ACTION_TEXTS.cancel} size="sm" onClick={cancelEdit}>
            <X size={16} aria-hidden="true" />
          </IconButton>
        </div>
      ) : (
        replyTo && (
          <div className={styles.context}>
            <MessageQuote quote={replyTo} nameOf={nameOf} />
            <IconButton aria-label={ACTION_TEXTS.closeReply} size="sm" onClick={props.onCancelReply}>
              <X size={16} aria-hidden="true" />
            </IconButton>
          </div>
        )
      )}
      {pickerShown && (
        <MentionPicker
          candidates={candidates}
          active={picker.active}
          onChoose={choose}
          onHover={(index) => setPicker({ ...picker, active: index })}
        />
      )}
      <form
        className={styles.box}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit();
        }}
      >
        {!recorder.recording && (
          <div className={styles.emojiAnchor} ref={emojiAnchorRef}>
            <IconButton aria-label="Emojis" aria-expanded={emojiOpen} onClick={() => setEmojiOpen((open) => !open)}>
              <Smile size={20} />
            </IconButton>
            {emojiOpen && <EmojiPicker anchorRef={emojiAnchorRef} onSelect={insertEmoji} onClose={closeEmoji} />}
          </div>
        )}
        {!recorder.recording && !editing && (
          <AttachMenu onPickImages={images.add} onPickFiles={props.onSendFiles} disabled={!onSendImages} />
        )}
        {fieldElement}
        {editing ? (
          <IconButton
            type="submit"
            aria-label={ACTION_TEXTS.save}
            title={ACTION_TEXTS.save}
            variant="solid"
            disabled={!hasText || tooLong}
            onMouseDown={keepKeyboard}
          >
            <Check size={20} />
          </IconButton>
        ) : hasText ? (
          <IconButton type="submit" aria-label="Enviar mensagem" variant="solid" disabled={tooLong} onMouseDown={keepKeyboard}>
            <SendHorizontal size={20} />
          </IconButton>
        ) : props.onSendVoiceNote ? (
          <VoiceControls recorder={recorder} />
        ) : null}
      </form>
    </div>
  );
}
