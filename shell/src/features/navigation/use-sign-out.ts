import { useEffect } from 'react';
import { eventBus, subscribe } from '@chat/event-bus';
import { useSession } from '../session/session-context';

/**
 * SPEC section 4: sign-out clears the stored session and goes to '/' (the session provider does
 * both). The layout that uses this also honours sign-out requests that remotes send on the bus.
 */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  useEffect(() => subscribe(eventBus, 'session:signout', signOut), [signOut]);
  return signOut;
}
