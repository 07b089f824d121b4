import { useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Plus } from 'lucide-react';
import { MESSAGE_ACTION_ERRORS, MESSAGE_ACTION_LIMITS } from '@chat/contracts';
import { useDismiss } from '../hooks/use-dismiss';
import { ACTION_TEXTS } from '../lib/action-texts';
import { EmojiPicker } from './emoji-picker';
import styles from './reactions.module.css';

interface Props {
  /** The bubble the bar reacts to: the bar sits above it, or below when there is no room. */
  anchor: HTMLElement;
  onPick: (emoji: string) => void;
  onClose: () => void;
  /** An emoji the message cannot take any more (its limit of distinct ones): shown greyed out. */
  unavailable?: (emoji: string) => boolean;
}

const BAR_HEIGHT = 48;
const PICKER_HEIGHT = 440;

/**
 * Six frequent emoji and the full emoji-mart picker, over the page (a portal, so the
 * history's scrolling box does not clip it), with targets big enough for a finger. A press
 * outside, Escape or a resize closes it.
 */
export function ReactionBar({ anchor, onPick, onClose, unavailable }: Props) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  const rect = anchor.getBoundingClientRect();
  const above = rect.top > BAR_HEIGHT + 8;
  const pickerAbove = rect.top > PICKER_HEIGHT;
  const style = {
    top: above ? rect.top - BAR_HEIGHT - 4 : rect.bottom + 4,
    left: Math.max(8, Math.min(rect.left, window.innerWidth - 300)),
  };

  // Placed once from the bubble's position: a resized window closes it rather than leave it astray.
  useDismiss(barRef, onClose, { onResize: true });

  const closePicker = useCallback(() => setPickerOpen(false), []);
  const pick = (emoji: string) => {
    onPick(emoji);
    onClose();
  };
  return createPortal(
    <div className={styles.bar} role="toolbar" aria-label={ACTION_TEXTS.react} ref={barRef} style={style}>
      {MESSAGE_ACTION_LIMITS.frequentReactions.map((emoji) => {
        // Still focusable and clickable: the click says why (the chat's toast) instead of doing nothing.
        const full = unavailable?.(emoji) ?? false;
        return (
          <button
            key={emoji}
            type="button"
            className={styles.barEmoji}
            aria-label={`Reagir com ${emoji}`}
            aria-disabled={full || undefined}
            title={full ? MESSAGE_ACTION_ERRORS.tooManyReactions : undefined}
            onClick={() => pick(emoji)}
          >
            {emoji}
          </button>
        );
      })}
      <button
        type="button"
        className={styles.barEmoji}
        aria-label={ACTION_TEXTS.moreEmoji}
        aria-expanded={pickerOpen}
        onClick={() => setPickerOpen((open) => !open)}
      >
        <Plus size={18} aria-hidden="true" />
      </button>
      {pickerOpen && (
        <div className={styles.barPicker} data-above={pickerAbove ? '' : undefined}>
          <EmojiPicker anchorRef={barRef} onSelect={pick} onClose={closePicker} />
        </div>
      )}
    </div>,
    document.body,
  );
}
