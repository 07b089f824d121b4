import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiKeyEntitySchema, createApiKeyBodySchema } from '@chat/contracts';
import { conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { CHAT_ROLES } from '../auth/chat-roles';
import { requireAuth } from '../auth/require-auth';
import { findActiveKeyOfUser, replaceActiveKey, toApiKeyEntity } from './api-keys.repository';

export const API_KEY_RETRY = 'Não foi possível criar a chave. Gere uma nova chave e tente novamente.';

// Mounted under /api (SPEC section 7, "API key"). Managing keys needs the browser session: an
// integration cannot mint or read keys with a key (requireAuth's apiKey: 'refused').
export const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const { db, now } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireAuth(CHAT_ROLES, { apiKey: 'refused' });

  routes.post(
    '/api-key/create',
    { preHandler, schema: { body: createApiKeyBodySchema, response: { 200: apiKeyEntitySchema } } },
    async (request) => {
      try {
        return toApiKeyEntity(await replaceActiveKey(db, request.user!.id, request.body, now()));
      } catch (error) {
        // The same key sent twice (its hash is unique), or two creations racing for the one active
        // slot: nothing was stored, the browser generates a fresh key and tries again.
        if (isUniqueViolation(error)) throw conflict(API_KEY_RETRY);
        throw error;
      }
    },
  );

  routes.get(
    '/api-key/active',
    { preHandler, schema: { response: { 200: z.nullable(apiKeyEntitySchema) } } },
    async (request) => {
      const row = await findActiveKeyOfUser(db, request.user!.id);
      return row ? toApiKeyEntity(row) : null;
    },
  );
};
