import { createContext, useContext } from 'react';
import { OUTBOX_TEXTS } from '@chat/contracts';
import { Button } from '@chat/ui';
import styles from './message-bubble.module.css';

/** What a refused outbox message's buttons do; provided by the open chat. */
export interface UnsentActions {
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
}

export const UnsentActionsContext = createContext<UnsentActions | null>(null);

/**
 * Under a message the server refused (issue 16): 'Não enviada' with the server's reason, and the
 * choice to send it again (same clientId) or to delete it from the outbox.
 */
export function UnsentNotice({ clientId, reason }: { clientId: string; reason: string | null }) {
  const actions = useContext(UnsentActionsContext);
  return (
    <div className={styles.failed} role="alert" data-testid="unsent-notice">
      <span title={reason ?? undefined}>
        {OUTBOX_TEXTS.refused}
        {reason && <span className={styles.refusedReason}>: {reason}</span>}
      </span>
      <Button size="xs" variant="outline" onClick={() => actions?.retry(clientId)}>
        {OUTBOX_TEXTS.retry}
      </Button>
      <Button size="xs" variant="outline" onClick={() => actions?.discard(clientId)}>
        {OUTBOX_TEXTS.discard}
      </Button>
    </div>
  );
}
