import * as z from 'zod/mini';
import '../zod-locale';
import { API_KEY_PERMISSIONS } from '../entities';
import { MSG } from './fields';

/** What every key made by the server starts with, so secret scanners can recognise a leaked one. */
export const API_KEY_PREFIX = 'papo_';
/**
 * A presented x-api-key: the server's `papo_` + 32 base62 characters (190 random bits), or a key
 * of 12 alphanumerics from before the server made them, which keeps working until it is replaced.
 */
export const API_KEY_PATTERN = /^(?:papo_[A-Za-z0-9]{32}|[A-Za-z0-9]{12})$/;

export const apiKeyPermissionSchema = z.enum(API_KEY_PERMISSIONS, { error: 'Permissão inválida' });
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;

const apiKeyNameField = () =>
  z.string(MSG.nameRequired).check(z.trim(), z.minLength(1, MSG.nameRequired), z.maxLength(100, 'Nome deve ter no máximo 100 caracteres'));

/** "Integrações" form. */
export const apiKeyFormSchema = z.object({
  name: apiKeyNameField(),
  permissions: apiKeyPermissionSchema,
});
export type ApiKeyFormInput = z.infer<typeof apiKeyFormSchema>;

/**
 * Body of POST /api-key/create. The original spec has the browser send the key it generated; the
 * server makes the key itself and ignores this field, still accepted so that call keeps working
 * (docs/produto.md, Onde o Papo difere da especificação original).
 */
export const createApiKeyBodySchema = z.extend(apiKeyFormSchema, {
  key: z.optional(z.string('Chave de API inválida')),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
