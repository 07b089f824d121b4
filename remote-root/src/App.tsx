import { lazy, Suspense, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient, Spinner } from '@chat/ui';
import { WorkspacesPage } from './features/workspaces/components/workspaces-page';

// Loaded when opened: the workspaces page, ROOT's first screen, carries neither.
const AuditPage = lazy(() => import('./features/audit/audit-page'));
const RootSettingsPage = lazy(() => import('./features/settings/root-settings-page').then((m) => ({ default: m.RootSettingsPage })));

/** remote-root: /root/*, the super-user's area (docs/produto.md, Telas). Its own query client: it may be mounted alone. */
export default function App(props: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="workspaces" element={<WorkspacesPage />} />
        <Route
          path="settings"
          element={
            <Suspense fallback={<Spinner />}>
              <RootSettingsPage />
            </Suspense>
          }
        />
        <Route
          path="audit"
          element={
            <Suspense fallback={<Spinner />}>
              <AuditPage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to={`${props.basePath}/workspaces`} replace />} />
      </Routes>
    </QueryClientProvider>
  );
}
