import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../session/session-context';

/** SPEC section 4: sign-out clears the stored session and goes to '/'. */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    navigate('/', { replace: true });
  }, [signOut, navigate]);
}
