import type { ApiKey, ApiKeyFormInput, CreatedApiKey } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// The API key calls. The server makes the key (not the browser: docs/produto.md, Onde o Papo
// difere da especificação original) and answers it
// once, in the create answer; afterwards only its record (name, permissions, preview, createdAt).

/** Creates the user's key; the previous one stops working at once. */
export const createApiKey = (body: ApiKeyFormInput) =>
  request<CreatedApiKey>(http(), { method: 'POST', url: '/api-key/create', data: body });

/** The active key's record, or null when the user has none. */
export const getActiveApiKey = () => request<ApiKey | null>(http(), { method: 'GET', url: '/api-key/active' });
