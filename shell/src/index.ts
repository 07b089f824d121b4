import { startEarlyCalls } from './features/api/early-calls';
import { requestConfig } from './features/config/early-config';

// Read from the page (or fetched) while the app's chunks download, not after them: see
// early-config. Then the route's first API calls start at once (early-calls).
void requestConfig().then(
  (raw) => {
    const apiBaseUrl = (raw as { apiBaseUrl?: unknown } | null)?.apiBaseUrl;
    if (typeof apiBaseUrl === 'string') startEarlyCalls(apiBaseUrl);
  },
  // Shown by bootstrap, which awaits the same configuration.
  () => undefined,
);
// Async boundary: Module Federation negotiates the shared singletons before React loads.
// Named for the build's route-preloads.json: a signed-in page preloads its chunks too.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
