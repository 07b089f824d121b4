import * as z from 'zod/mini';
import '../zod-locale';
import { ROLES } from '../constants';
import { WORKSPACE_FEATURES } from '../feature-flags';

// Entity shapes as the server sends them.
export const roleSchema = z.enum(ROLES);

export const workspaceFeatureSchema = z.enum(WORKSPACE_FEATURES);
export const workspaceFeaturesSchema = z.array(workspaceFeatureSchema);

export const polygonSchemaEntity = z.object({ id: z.string(), name: z.string() });
export type Polygon = z.infer<typeof polygonSchemaEntity>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string(),
  email: z.string(),
  role: roleSchema,
  avatarUrl: z.nullable(z.string()),
  neoCustomData: z.nullable(polygonSchemaEntity),
  // features: the workspace's own, so that featureFlags works from the stored user.
  // Optional only for users stored before it existed; the server always sends it.
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), features: z.optional(workspaceFeaturesSchema) })),
});
export type User = z.infer<typeof userSchema>;

/** What the browser keeps of the user in local storage (after a profile update: fewer fields). */
export const storedUserSchema = z.required(z.partial(userSchema), { id: true, name: true, role: true });
export type StoredUser = z.infer<typeof storedUserSchema>;
