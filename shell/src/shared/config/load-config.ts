import { appConfigSchema, type AppConfig } from '@chat/contracts';
import { takeConfig } from './early-config';

/**
 * The runtime configuration (remote manifests, API and socket addresses, flag settings) comes
 * from the server before anything renders, so no address is baked into the shell build.
 */
export async function loadConfig(read: () => Promise<unknown> = takeConfig): Promise<AppConfig> {
  return appConfigSchema.parse(await read());
}
