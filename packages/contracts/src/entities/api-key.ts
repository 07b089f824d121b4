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
