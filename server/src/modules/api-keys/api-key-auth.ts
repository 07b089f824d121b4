import type { FastifyRequest } from 'fastify';
import { API_KEY_PATTERN } from '@chat/contracts';
import { forbidden, unauthorized } from '../../lib/errors';
import { findUserById } from '../users/users.repository';
import type { UserWithWorkspace } from '../users/user-entity';
import { findActiveKey } from './api-keys.repository';

export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_INVALID = 'Chave de API inválida ou revogada';
export const API_KEY_READ_ONLY = 'Esta chave de API permite apenas leitura (GET)';
export const API_KEY_NOT_HERE = 'Chaves de API não podem gerenciar chaves de API nem senhas';

// HEAD is answered by Fastify from the GET route: a read as well.
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The owner behind the request's x-api-key, within the key's permissions:
 * unknown/revoked key or deactivated owner 401; too many such failures from one IP, or over the
 * key's rate limit, 429 (Retry-After);
 * READ_ONLY anything but a read 403; a route that refuses keys (key and password management) 403.
 */
export async function authenticateApiKey(request: FastifyRequest, route: 'allowed' | 'refused'): Promise<UserWithWorkspace> {
  const { db, rateLimiter, rateLimits } = request.server.ctx;
  // Counted before the lookup and given back when the key works, like sign-in: only failures use
  // up the address's allowance, and parallel guesses cannot overtake it.
  const refund = await rateLimiter.consume([{ name: 'api-key:ip', subject: request.ip, rule: rateLimits.apiKeyFailuresPerIp }]);
  const presented = request.headers[API_KEY_HEADER];
  // Checked before hashing: a malformed value cannot be a key, whatever its size.
  if (typeof presented !== 'string' || !API_KEY_PATTERN.test(presented)) throw unauthorized(API_KEY_INVALID);
  const key = await findActiveKey(db, presented);
  const owner = key ? await findUserById(db, key.userId) : null;
  if (!key || !owner?.active) throw unauthorized(API_KEY_INVALID);
  await refund();
  // Every request of the key counts (the refused ones too): an integration stuck in a loop is slowed down.
  await rateLimiter.consume([{ name: 'api-key', subject: key.id, rule: rateLimits.apiKeyRequests }]);
  if (route === 'refused') throw forbidden(API_KEY_NOT_HERE);
  if (key.permissions === 'READ_ONLY' && !READ_METHODS.has(request.method)) throw forbidden(API_KEY_READ_ONLY);
  return owner;
}
