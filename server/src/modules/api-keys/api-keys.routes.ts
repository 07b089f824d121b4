import * as z from 'zod/mini';
import { apiKeyEntitySchema, createApiKeyBodySchema, createdApiKeySchema } from '@chat/contracts';
import { actorOf } from '../audit/audit';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { findActiveKeyOfUser, replaceActiveKey, toApiKeyEntity } from './api-keys.repository';
import { newApiKey } from './new-api-key';

// Mounted under /api: the API key calls (docs/api.md). Managing keys needs the browser session: an
// integration cannot mint or read keys with a key (requireAuth's apiKey: 'refused').
export const apiKeyRoutes = signedInRoutes({ roles: CHAT_ROLES, apiKey: 'refused' }, (routes) => {
  const { db, now } = routes.ctx;

  routes.post('/api-key/create', { schema: { body: createApiKeyBodySchema, response: { 200: createdApiKeySchema } } }, async (request) => {
    // The key is made here, whatever the body's `key` says (the original spec lets the browser
    // choose it; docs/api.md, Quem faz a chave é o servidor): a chosen value could be weak, or
    // another member's.
    const { name, permissions } = request.body;
    const key = newApiKey();
    return { ...toApiKeyEntity(await replaceActiveKey(db, request.user.id, { name, permissions }, key, now(), actorOf(request))), key };
  });

  routes.get('/api-key/active', { schema: { response: { 200: z.nullable(apiKeyEntitySchema) } } }, async (request) => {
    const row = await findActiveKeyOfUser(db, request.user.id);
    return row ? toApiKeyEntity(row) : null;
  });
});
