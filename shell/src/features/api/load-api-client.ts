import type * as ApiClientModule from '@chat/api-client';
import type { AppConfig } from '@chat/contracts';
import { readSession } from '../session/storage';

type ApiClient = typeof ApiClientModule;
let loading: Promise<ApiClient> | null = null;

/**
 * The HTTP client (axios) is fetched on first use, not with the sign-in page, and configured
 * exactly once: remotes share this same configured instance through Module Federation.
 */
export function loadApiClient(config: AppConfig): Promise<ApiClient> {
  loading ??= import('@chat/api-client').then((client) => {
    client.configureApiClient({ baseURL: config.apiBaseUrl, getToken: () => readSession().token });
    return client;
  });
  return loading;
}
