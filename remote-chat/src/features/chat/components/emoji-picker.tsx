import { lazy, Suspense, type RefObject } from 'react';
import { Spinner } from '@chat/ui';
import { useDismiss } from '../hooks/use-dismiss';
import { withPortugueseSearch, type PickerData } from '../lib/portuguese-emoji';
import styles from './message-box.module.css';

interface EmojiSelection {
  native: string;
}

interface PickerProps {
  onEmojiSelect: (emoji: EmojiSelection) => void;
}

// The picker, its emoji data, the Portuguese texts and names load only when the popover first
// opens; they are handed to emoji-mart directly (it would otherwise fetch them from a CDN).
const LazyPicker = lazy(async () => {
  const [{ default: Picker }, { default: englishData }, { default: i18n }, { default: annotations }] = await Promise.all([
    import('@emoji-mart/react'),
    import('@emoji-mart/data'),
    import('@emoji-mart/data/i18n/pt.json'),
    import('emojibase-data/pt/compact.json'),
  ]);
  const data = withPortugueseSearch(englishData as unknown as PickerData, annotations);
  function PortuguesePicker({ onEmojiSelect }: PickerProps) {
    return (
      <Picker
        data={data}
        i18n={i18n}
        locale="pt"
        theme={document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light'}
        perLine={8}
        maxFrequentRows={2}
        emojiSize={24}
        emojiButtonSize={32}
        previewPosition="none"
        onEmojiSelect={onEmojiSelect}
      />
    );
  }
  return { default: PortuguesePicker };
});

interface Props {
  /** The popover and its toggle button: a press outside it closes the popover. */
  anchorRef: RefObject<HTMLElement | null>;
  onSelect: (emoji: string) => void;
  onClose: () => void;
}

/**
 * docs/produto.md, Validação e limites: Portuguese (texts, names and search), 8 per line, 2
 * frequent rows, size 24, button 32; in the app's theme, light or dark, like the page around it
 * (docs/produto.md, Onde o Papo difere).
 */
export function EmojiPicker({ anchorRef, onSelect, onClose }: Props) {
  useDismiss(anchorRef, onClose);

  return (
    <div className={styles.emojiPopover} role="dialog" aria-label="Emojis">
      <Suspense fallback={<Spinner size="md" />}>
        <LazyPicker onEmojiSelect={(emoji) => onSelect(emoji.native)} />
      </Suspense>
    </div>
  );
}
