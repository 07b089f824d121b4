import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { HOME_BY_ROLE } from '@chat/contracts';
import { useSession } from '../../shared/session/session-context';
import { SessionPending } from './session-pending';

/**
 * docs/produto.md, Telas: a signed-in user with a valid token goes to the role's home; an expired
 * token seen on a public route clears the stored session (after the startup renewal, if any,
 * has failed).
 */
export function PublicLayout() {
  const { user, tokenIsValid, restoring, endSession } = useSession();
  const expired = Boolean(user) && !tokenIsValid && !restoring;
  useEffect(() => {
    if (expired) endSession(true);
  }, [expired, endSession]);
  if (restoring) return <SessionPending />;
  if (user && tokenIsValid) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;
  return <Outlet />;
}
