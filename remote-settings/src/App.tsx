import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { Spinner } from '@chat/ui';
import { ThemeSection } from './features/appearance/theme-section';
import { SettingsMenu } from './features/menu/settings-menu';
import { loadAccountPage } from './load-account-page';
import { loadMyDataPage } from './load-my-data-page';
import { loadNotificationsPage } from './load-notifications-page';

const AccountArea = lazy(async () => ({ default: (await loadAccountPage()).AccountArea }));
const MyDataArea = lazy(async () => ({ default: (await loadMyDataPage()).MyDataArea }));
const NotificationsArea = lazy(async () => ({ default: (await loadNotificationsPage()).NotificationsArea }));

/** remote-settings: /auth/settings, the menu and the account sections (docs/produto.md, Telas). */
export default function App(props: RemoteAppProps) {
  return (
    <Routes>
      <Route
        index
        element={
          <>
            <SettingsMenu {...props} />
            <ThemeSection />
          </>
        }
      />
      <Route
        path="conta"
        element={
          <Suspense fallback={<Spinner size="md" />}>
            <AccountArea {...props} />
          </Suspense>
        }
      />
      <Route
        path="notificacoes"
        element={
          <Suspense fallback={<Spinner size="md" />}>
            <NotificationsArea {...props} />
          </Suspense>
        }
      />
      <Route
        path="meus-dados"
        element={
          <Suspense fallback={<Spinner size="md" />}>
            <MyDataArea {...props} />
          </Suspense>
        }
      />
    </Routes>
  );
}
