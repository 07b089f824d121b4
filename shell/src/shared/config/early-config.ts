let request: Promise<unknown> | null = null;

/**
 * The runtime configuration, as early as the shell's first script runs. The server writes it
 * into the page it serves (a JSON data block, server/src/modules/web/index-page.ts), so usually
 * nothing is fetched; a page without it (the service worker's cached copy, the dev server) asks
 * /config.json at once, before the app's own chunks are imported, so that both arrive in
 * parallel (no waterfall). Unvalidated here: load-config parses it.
 */
export function requestConfig(doc: Document = document): Promise<unknown> {
  request ??= inlineConfig(doc) ?? fetchConfig();
  return request;
}

function inlineConfig(doc: Document): Promise<unknown> | null {
  const block = doc.getElementById('app-config');
  if (!block?.textContent) return null;
  try {
    return Promise.resolve(JSON.parse(block.textContent) as unknown);
  } catch {
    return null;
  }
}

async function fetchConfig(): Promise<unknown> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json respondeu ${response.status}`);
  return response.json() as Promise<unknown>;
}

/** That configuration, once: a second start (a retry) reads or asks again. */
export function takeConfig(): Promise<unknown> {
  const config = requestConfig();
  request = null;
  return config;
}
