import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppConfig } from '@chat/contracts';
import { ToastHost } from '@chat/ui';
import { AppConfigContext } from './features/config/config-context';
import { SessionProvider } from './features/session/session-context';
import { createRouter } from './router';

export function App({ config }: { config: AppConfig }) {
  const [router] = useState(() => createRouter(config));
  return (
    <AppConfigContext.Provider value={config}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <ToastHost />
    </AppConfigContext.Provider>
  );
}
