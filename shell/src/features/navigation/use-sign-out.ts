import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { eventBus, subscribe } from '@chat/event-bus';
import { useSession } from '../session/session-context';

/**
 * SPEC section 4: sign-out clears the stored session and goes to '/'. The layout that uses this
 * also honours sign-out requests that remotes send on the event bus.
 */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const signOutAndLeave = useCallback(() => {
    signOut();
    navigate('/', { replace: true });
  }, [signOut, navigate]);
  useEffect(() => subscribe(eventBus, 'session:signout', signOutAndLeave), [signOutAndLeave]);
  return signOutAndLeave;
}
