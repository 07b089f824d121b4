import { OUTBOX_TEXTS } from '@chat/contracts';
import { Button } from '@chat/ui';
import styles from './message-bubble.module.css';

interface Props {
  /** The server's own words, when it said why. */
  reason: string | null;
  onRetry: () => void;
  onDiscard: () => void;
}

/**
 * Under a message the server refused: 'Não enviada' with the server's reason, and the
 * choice to send it again (same clientId) or to delete it from the outbox.
 */
export function UnsentNotice({ reason, onRetry, onDiscard }: Props) {
  return (
    <div className={styles.failed} role="alert" data-testid="unsent-notice">
      <span title={reason ?? undefined}>
        {OUTBOX_TEXTS.refused}
        {reason && <span className={styles.refusedReason}>: {reason}</span>}
      </span>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {OUTBOX_TEXTS.retry}
      </Button>
      <Button size="xs" variant="outline" onClick={onDiscard}>
        {OUTBOX_TEXTS.discard}
      </Button>
    </div>
  );
}
