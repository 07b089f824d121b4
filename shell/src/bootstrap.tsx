import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@chat/ui/styles.css';
import { followThemeChanges } from '@chat/ui';
import { preloadArea } from './features/areas/preload-area';
import { requestConfig } from './shared/config/early-config';
import { loadConfig } from './shared/config/load-config';
import { afterPageSettles } from './shared/page-load/after-page-settles';
import { yieldToMain } from './shared/page-load/yield-to-main';
import { linkManifest } from './features/pwa/link-manifest';

// A signed-in area's layout, slot and remote start downloading now, not after the first render.
preloadArea(requestConfig());
// The page's head applied the theme; from here on it follows the device and the other tabs.
followThemeChanges();
afterPageSettles(() => linkManifest());

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadConfig();
    // The app's modules (router, session, schemas) are evaluated in a task of their own, not in
    // react-dom's. 'eager': they are in this chunk, no request is added.
    await yieldToMain();
    const { App } = await import(/* webpackMode: "eager" */ './app');
    // A transition renders concurrently: React yields to the browser every few milliseconds
    // instead of building the whole first screen in one long task (on a phone's CPU
    // that task blocked input for most of a second).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App config={config} />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error(error);
    root.render(
      <p role="alert" style={{ padding: 32, fontFamily: 'system-ui' }}>
        Não foi possível iniciar o aplicativo: o servidor não respondeu com a configuração. Tente recarregar a página.
      </p>,
    );
  }
}

void start();
