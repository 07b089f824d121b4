import * as z from 'zod/mini';
import '../zod-locale';

export const API_KEY_PERMISSIONS = ['FULL_ACCESS', 'READ_ONLY'] as const;
export const apiKeyEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.enum(API_KEY_PERMISSIONS),
  preview: z.string(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeyEntitySchema>;

/** The answer to POST /api-key/create: the record and, this one time only, the key itself. */
export const createdApiKeySchema = z.extend(apiKeyEntitySchema, { key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
