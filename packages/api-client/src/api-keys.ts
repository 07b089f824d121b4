import type { ApiKey, ApiKeyFormInput, CreatedApiKey } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// SPEC section 7, "API key". The server makes the key (SPEC has the browser do it) and answers it
// once, in the create answer; afterwards only its record (name, permissions, preview, createdAt).

/** Creates the user's key; the previous one stops working at once. */
export const createApiKey = (body: ApiKeyFormInput) =>
  request<CreatedApiKey>(http(), { method: 'POST', url: '/api-key/create', data: body });

/** The active key's record, or null when the user has none. */
export const getActiveApiKey = () => request<ApiKey | null>(http(), { method: 'GET', url: '/api-key/active' });
