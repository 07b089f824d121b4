import { ArrowDown } from 'lucide-react';
import { newMessagesText } from '../lib/unread';
import styles from './message-list.module.css';

/** 'N novas mensagens' over the bottom of the history; takes the view down to them. */
export function NewMessagesButton({ count, onClick }: { count: number; onClick: () => void }) {
  if (count <= 0) return null;
  return (
    <button type="button" className={styles.newMessages} onClick={onClick}>
      <ArrowDown size={14} aria-hidden />
      {newMessagesText(count)}
    </button>
  );
}
