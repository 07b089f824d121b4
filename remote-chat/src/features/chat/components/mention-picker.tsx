import { Avatar } from '@chat/ui';
import { MENTION_ALL } from '@chat/contracts';
import type { MentionCandidate } from '../lib/mention-text';
import styles from './message-box.module.css';

interface Props {
  candidates: MentionCandidate[];
  active: number;
  onChoose: (candidate: MentionCandidate) => void;
  onHover: (index: number) => void;
}

export const MENTION_LIST_ID = 'mention-picker';
export const mentionOptionId = (index: number) => `mention-option-${index}`;

/**
 * The '@' member picker of a group's message box; the textarea keeps the focus and drives it with
 * the keys.
 */
export function MentionPicker({ candidates, active, onChoose, onHover }: Props) {
  return (
    <ul className={styles.mentions} role="listbox" id={MENTION_LIST_ID} aria-label="Mencionar membro">
      {candidates.map((c, index) => (
        <li
          key={c.id}
          id={mentionOptionId(index)}
          role="option"
          aria-selected={index === active}
          className={styles.mentionOption}
          // mousedown, not click: the textarea must not lose its caret first.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(c);
          }}
          onMouseEnter={() => onHover(index)}
        >
          {c.id !== MENTION_ALL && <Avatar name={c.name} colorKey={c.id} size="xs" />}
          <span className={styles.mentionName}>{c.id === MENTION_ALL ? `@${MENTION_ALL}` : c.name}</span>
          {c.nickName && <span className={styles.mentionNick}>@{c.nickName}</span>}
          {c.id === MENTION_ALL && <span className={styles.mentionNick}>todos os membros</span>}
        </li>
      ))}
    </ul>
  );
}
