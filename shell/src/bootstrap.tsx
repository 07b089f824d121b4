import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@chat/api-client';
import '@chat/ui/styles.css';
import { App } from './app';
import { loadConfig } from './features/config/load-config';
import { registerConfiguredRemotes } from './features/remotes/federation';
import { readSession } from './features/session/storage';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await loadConfig();
    configureApiClient({ baseURL: config.apiBaseUrl, getToken: () => readSession().token });
    registerConfiguredRemotes(config);
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
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
