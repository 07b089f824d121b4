import { appConfigSchema, type AppConfig } from '@chat/contracts';

/**
 * The runtime configuration (remote manifests, API and socket addresses, flag settings) comes
 * from the server before anything renders, so no address is baked into the shell build.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json respondeu ${response.status}`);
  return appConfigSchema.parse(await response.json());
}
