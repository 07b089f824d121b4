import { appConfigSchema, type AppConfig } from '@chat/contracts';
import { takeConfigResponse } from './early-config';

/**
 * The runtime configuration (remote manifests, API and socket addresses, flag settings) comes
 * from the server before anything renders, so no address is baked into the shell build.
 */
export async function loadConfig(request: () => Promise<Response> = takeConfigResponse): Promise<AppConfig> {
  const response = await request();
  if (!response.ok) throw new Error(`/config.json respondeu ${response.status}`);
  return appConfigSchema.parse(await response.json());
}
