import * as z from 'zod/mini';
import '../zod-locale';
import { countField } from './count-field';
import { userSchema, workspaceFeaturesSchema } from './user';

/** A workspace as GET /workspace/list answers it. */
export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  admin: z.nullable(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  membersCount: countField(),
  /** 0 means no limit. */
  limitOfMembers: countField(),
  /** MB of uploaded files the workspace may keep; 0 means no quota. */
  storageQuotaMb: countField(),
  /** Bytes of uploaded files the workspace keeps now (what the quota counts). */
  storageUsedBytes: countField(),
  /** Uploads of executables (programs, installers, scripts) are refused (the ADMIN's setting). */
  refuseExecutables: z.boolean(),
  /** Members one group of the workspace may have (every way in: create, add, pasted e-mails). */
  groupMemberLimit: z.optional(countField()),
  features: workspaceFeaturesSchema,
  createdAt: z.string(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/**
 * GET /workspace/{id} and GET /workspace/get-by-admin-id: the summary plus the FIRST PAGE of active
 * members (by name, then id; `membersCount` counts them all). `membersNextCursor` continues the
 * list through GET /workspace/members (or /workspace/{id}/members); null when the page is all.
 */
export const workspaceSchemaEntity = z.extend(workspaceSummarySchema, {
  members: z.array(userSchema),
  membersNextCursor: z.optional(z.nullable(z.string())),
});
export type Workspace = z.infer<typeof workspaceSchemaEntity>;
