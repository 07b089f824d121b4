import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { API_KEY_PERMISSIONS } from '../entities';
import { MSG } from './fields';

export const API_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_PATTERN = /^[A-Za-z0-9]{12}$/;

export const apiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS, { error: 'Permissão inválida' });
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

const apiKeyNameField = () =>
  z
    .string(MSG.nameRequired)
    .check(z.trim(), z.minLength(1, MSG.nameRequired), z.maxLength(100, 'Nome deve ter no máximo 100 caracteres'));

/** "Integrações" form. */
export const apiKeyFormSchema = z.object({
  name: apiKeyNameField(),
  permissions: apiKeyPermissionSchema,
});
export type ApiKeyFormInput = z.infer<typeof apiKeyFormSchema>;

/** Body of POST /api-key/create: the client generates the key itself (SPEC section 5). */
export const createApiKeyBodySchema = z.extend(apiKeyFormSchema, {
  key: z.string('Chave de API inválida').check(z.regex(API_KEY_PATTERN, 'Chave de API inválida')),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

type RandomFill = (bytes: Uint8Array) => Uint8Array;
const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * 12 random alphanumerics from the Web Crypto source. A byte maps to the 62-letter alphabet only
 * when it is below 248 (= 4 * 62); larger bytes are discarded, so every letter is equally likely
 * (a plain `byte % 62` would favour the first 8 letters).
 */
export function generateApiKey(fill: RandomFill = cryptoFill): string {
  const size = API_KEY_ALPHABET.length;
  const limit = 256 - (256 % size);
  let key = '';
  while (key.length < LIMITS.apiKeyLength) {
    for (const byte of fill(new Uint8Array(32))) {
      if (byte >= limit) continue;
      key += API_KEY_ALPHABET[byte % size];
      if (key.length === LIMITS.apiKeyLength) break;
    }
  }
  return key;
}
