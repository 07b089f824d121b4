import { useCallback, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppConfig } from '@chat/contracts';
import { ToastHost } from '@chat/ui';
import { AppConfigContext } from './shared/config/config-context';
import { SessionProvider } from './shared/session/session-context';
import { createRouter } from './router';

export function App({ config }: { config: AppConfig }) {
  const [router] = useState(() => createRouter(config));
  const navigateHome = useCallback(() => void router.navigate('/', { replace: true }), [router]);
  return (
    <AppConfigContext.Provider value={config}>
      <SessionProvider navigateHome={navigateHome}>
        <RouterProvider router={router} />
      </SessionProvider>
      <ToastHost />
    </AppConfigContext.Provider>
  );
}
