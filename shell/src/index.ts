import { startEarlyCalls } from './shared/api/early-calls';
import { requestConfig } from './shared/config/early-config';
import { yieldToMain } from './shared/page-load/yield-to-main';

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
// Named for the build's route-preloads.json: a signed-in page preloads its chunks too. In a task
// of its own, after this script's: the page's HTML already preloads those chunks, and starting
// them (the shared modules' negotiation, one script element each) was half of this script's task.
void yieldToMain().then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
