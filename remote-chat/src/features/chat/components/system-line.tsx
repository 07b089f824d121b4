import { systemMessageText } from '@chat/contracts';
import type { ChatMessage } from '../lib/merge-messages';
import styles from './system-line.module.css';

interface Props {
  message: ChatMessage;
  meId: string;
}

/** A group's own line ('Ana adicionou Bruno'): a small centred note, not a bubble, with no actions. */
export function SystemLine({ message, meId }: Props) {
  const text = systemMessageText(message.content.body, meId);
  if (!text) return null;
  return (
    <div className={styles.line} role="note" data-testid="system-line">
      <span>{text}</span>
    </div>
  );
}
