import { lazy, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps } from '@chat/contracts';
import { createQueryClient, Spinner } from '@chat/ui';
import { TeamPage } from './team-page';

// Loaded when opened: the team page's first screen does not carry it.
const AuditPage = lazy(() => import('./features/audit/components/audit-page'));

/** remote-team: /auth/team, for workspace administrators (docs/produto.md, Telas). Its own query client: it may be mounted alone. */
export default function App(props: RemoteAppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route
          path="atividades"
          element={
            <Suspense fallback={<Spinner />}>
              <AuditPage teamPath={props.basePath} />
            </Suspense>
          }
        />
        <Route path="*" element={<TeamPage {...props} />} />
      </Routes>
    </QueryClientProvider>
  );
}
