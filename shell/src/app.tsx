import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppConfig } from '@chat/contracts';
import { ToastProvider } from '@chat/ui';
import { AppConfigContext } from './features/config/config-context';
import { SessionProvider } from './features/session/session-context';
import { createRouter } from './router';

export function App({ config }: { config: AppConfig }) {
  const [router] = useState(() => createRouter(config));
  return (
    <AppConfigContext.Provider value={config}>
      <ToastProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </ToastProvider>
    </AppConfigContext.Provider>
  );
}
