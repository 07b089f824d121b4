import { RequireRole } from '../navigation/guards';
import { RootLayout } from '../navigation/root-layout';

/** /root/*: the super-user's area (loaded only when such a route is opened). */
export function RootArea() {
  return (
    <RequireRole roles={['ROOT']}>
      <RootLayout />
    </RequireRole>
  );
}
