import { lazy, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient, Spinner } from '@chat/ui';
import { SettingsMenu } from './features/menu/settings-menu';
import { loadAccountPage } from './load-account-page';

const AccountPage = lazy(async () => ({ default: (await loadAccountPage()).AccountPage }));

/** remote-settings: /auth/settings, the menu and the account sections (SPEC section 2). Its own query client: it may be mounted alone. */
export default function App(props: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route index element={<SettingsMenu {...props} />} />
        <Route
          path="conta"
          element={
            <Suspense fallback={<Spinner size="md" />}>
              <AccountPage {...props} />
            </Suspense>
          }
        />
      </Routes>
    </QueryClientProvider>
  );
}
