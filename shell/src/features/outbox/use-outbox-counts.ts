import { useSyncExternalStore } from 'react';
import { localDataFor } from '@chat/outbox';

export interface OutboxCounts {
  /** Waiting to be sent (the connection banner says so). */
  queued: number;
  /** Not on the server, refused ones included (what a sign-out would lose). */
  unsent: number;
}

const none = () => () => undefined;
const zero = () => 0;

/**
 * The shell opens the signed-in user's outbox as the session starts (localDataFor
 * opens it once per user), so that what an earlier visit left unsent goes out from any page as
 * soon as the connection is there. Sign-out closes it (use-unsent-sign-out).
 */
export function useOutboxCounts(userId: string | null): OutboxCounts {
  const outbox = userId ? localDataFor(userId).outbox : null;
  const queued = useSyncExternalStore(outbox?.subscribe ?? none, outbox?.queuedCount ?? zero);
  const unsent = useSyncExternalStore(outbox?.subscribe ?? none, outbox?.count ?? zero);
  return { queued, unsent };
}
