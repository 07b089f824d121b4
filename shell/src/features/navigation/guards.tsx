import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { HOME_BY_ROLE, STORAGE_KEYS, type Role } from '@chat/contracts';
import { useSession } from '../../shared/session/session-context';
import { SessionPending } from './session-pending';

/**
 * docs/produto.md, Papéis: without a valid session go to '/'; with the wrong role go to the user's
 * own home. The server enforces the same rules; this only keeps people on pages they can use.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user, tokenIsValid, restoring, endSession } = useSession();
  // Signed out in another tab: this one must not keep showing the app.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (event.key === STORAGE_KEYS.token && event.newValue === null)) endSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [endSession]);
  if (restoring) return <SessionPending />;
  if (!user || !tokenIsValid) return <Navigate to="/" replace />;
  if (!roles.includes(user.role)) return <Navigate to={HOME_BY_ROLE[user.role]} replace />;
  return <>{children}</>;
}
