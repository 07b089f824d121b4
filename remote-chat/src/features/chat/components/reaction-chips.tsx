import type { Reaction } from '@chat/contracts';
import { LongPressMenu } from '@chat/ui';
import styles from './reactions.module.css';

interface Props {
  reactions: Reaction[];
  meId: string;
  onToggle: (emoji: string) => void;
}

const whoReacted = (reaction: Reaction, meId: string) => reaction.users.map((u) => (u.id === meId ? 'Você' : u.name)).join(', ');

/**
 * The chips under a bubble: emoji and count, mine highlighted; a click adds or removes
 * mine. Who reacted shows on hover (and keyboard focus) and, on touch screens, on a long-press.
 */
export function ReactionChips({ reactions, meId, onToggle }: Props) {
  if (reactions.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Reações">
      {reactions.map((reaction) => {
        const mine = reaction.users.some((u) => u.id === meId);
        const who = whoReacted(reaction, meId);
        return (
          <li key={reaction.emoji} className={styles.chipItem}>
            <LongPressMenu options={reaction.users.map((u) => ({ label: u.id === meId ? 'Você' : u.name, action: () => undefined }))}>
              <button
                type="button"
                className={styles.chip}
                data-mine={mine ? '' : undefined}
                aria-pressed={mine}
                aria-label={`${reaction.emoji} ${reaction.users.length}: ${who}`}
                onClick={() => onToggle(reaction.emoji)}
              >
                <span aria-hidden="true">{reaction.emoji}</span>
                <span className={styles.count}>{reaction.users.length}</span>
              </button>
            </LongPressMenu>
            <span className={styles.who} role="tooltip" data-testid="who-reacted">
              {who}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
