import { RequireRole } from '../navigation/guards';
import { AuthLayout } from '../navigation/auth-layout';

/** /auth/*: members and workspace admins (loaded only when such a route is opened). */
export function AuthArea() {
  return (
    <RequireRole roles={['ADMIN', 'USER']}>
      <AuthLayout />
    </RequireRole>
  );
}
