import { toast } from '@chat/ui';
import styles from './update-toast.module.css';

export const UPDATE_TITLE = 'Nova versão disponível';

/**
 * Registers the service worker that the build generates with Workbox, from its own
 * file on this origin (no inline script: the CSP allows workers from 'self' only). When a new
 * build is live, its worker waits and the user is offered 'Atualizar', which activates it and
 * reloads the page once the new worker has taken over.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  // On the first visit, the remote's files were fetched before the worker
  // existed: hand their URLs to Workbox's CACHE_URLS message, which runs each through the route
  // that matches it (API calls match none and stay uncached), so the next start works offline.
  workbox.addEventListener('activated', (event) => {
    if (event.isUpdate) return;
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    // The server's page carries the configuration inline, so /config.json was never
    // fetched; the worker's cached page has no such block and asks for it on an offline start.
    void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [...loaded, '/config.json'] } });
  });
  workbox.addEventListener('waiting', () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    toast({
      type: 'default',
      title: UPDATE_TITLE,
      duration: Number.POSITIVE_INFINITY,
      description: (
        <button type="button" className={styles.update} onClick={() => workbox.messageSkipWaiting()}>
          Atualizar
        </button>
      ),
    });
  });
  // A browser that refuses workers (private mode, a policy, an automated test) runs the app online
  // as before: nothing to tell the user.
  await workbox.register().catch(() => undefined);
}
