import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { HOME_BY_ROLE } from '@chat/contracts';
import { useSession } from '../session/session-context';

/**
 * SPEC section 2/4: a signed-in user with a valid token goes to the role's home; an expired
 * token seen on a public route clears the stored session.
 */
export function PublicLayout() {
  const { user, tokenIsValid, signOut } = useSession();
  const expired = Boolean(user) && !tokenIsValid;
  useEffect(() => {
    if (expired) signOut();
  }, [expired, signOut]);
  if (user && tokenIsValid) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;
  return <Outlet />;
}
