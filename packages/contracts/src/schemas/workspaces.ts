import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { workspaceFeaturesSchema } from '../entities';
import { emailField, nameField } from './fields';

export const ADMIN_EMAIL_MESSAGE = 'E-mail do administrador é inválido';
export const LIMIT_OF_MEMBERS_MESSAGE = 'Limite de membros deve ser entre 0 e 1000';
export const STORAGE_QUOTA_MESSAGE = `Cota de armazenamento deve ser entre 0 e ${LIMITS.workspaceStorageQuotaMaxMb} MB`;
export const WORKSPACE_DESCRIPTION_MAX = 200;
export const GROUP_MEMBER_LIMIT_MIN = 2;
export const GROUP_MEMBER_LIMIT_MESSAGE = `Limite de membros por grupo deve ser entre ${GROUP_MEMBER_LIMIT_MIN} e ${LIMITS.groupMemberLimitMax}`;
const WORKSPACE_NAME_SUBJECT = 'O nome do workspace';

/**
 * A whole number from 0 to `max`, 0 meaning none. Coerced because a form input yields a string; an
 * empty input therefore becomes 0.
 */
const zeroToMaxField = (max: number, rangeMessage: string, wholeMessage: string) =>
  z.coerce.number(rangeMessage).check(z.int(wholeMessage), z.gte(0, rangeMessage), z.lte(max, rangeMessage));

/** 0–1000 members, 0 meaning no limit. */
const limitOfMembersField = () =>
  zeroToMaxField(LIMITS.workspaceMemberLimitMax, LIMIT_OF_MEMBERS_MESSAGE, 'Limite de membros deve ser um número inteiro');

/**
 * Megabytes of uploads the workspace may keep, 0 meaning no quota. Optional in the bodies: absent,
 * a new workspace has no quota and an edit keeps the current one.
 */
const storageQuotaField = () =>
  z.optional(zeroToMaxField(LIMITS.workspaceStorageQuotaMaxMb, STORAGE_QUOTA_MESSAGE, 'Cota de armazenamento deve ser um número inteiro'));

// Optional in the bodies (the original spec's calls send neither); the server keeps or defaults
// what is absent.
const descriptionField = () =>
  z.optional(
    z
      .string('Descrição inválida')
      .check(z.trim(), z.maxLength(WORKSPACE_DESCRIPTION_MAX, `Descrição deve ter no máximo ${WORKSPACE_DESCRIPTION_MAX} caracteres`)),
  );
const featuresField = () => z.optional(workspaceFeaturesSchema);

/** Create workspace form and body of POST /workspace/create (ROOT). */
export const workspaceFormSchema = z.object({
  name: nameField(LIMITS.nameMin, WORKSPACE_NAME_SUBJECT),
  description: descriptionField(),
  adminName: nameField(),
  adminEmail: emailField(ADMIN_EMAIL_MESSAGE),
  limitOfMembers: limitOfMembersField(),
  storageQuotaMb: storageQuotaField(),
  features: featuresField(),
});
export type WorkspaceFormInput = z.input<typeof workspaceFormSchema>;
export type WorkspaceFormValues = z.output<typeof workspaceFormSchema>;

/**
 * Edit workspace form: adminName is shown disabled (docs/produto.md, Validação e limites), so it is
 * neither validated nor sent; a changed adminEmail goes to change-admin.
 */
export const workspaceEditFormSchema = z.extend(workspaceFormSchema, { adminName: z.optional(z.string()) });
export type WorkspaceEditFormInput = z.input<typeof workspaceEditFormSchema>;
export type WorkspaceEditFormValues = z.output<typeof workspaceEditFormSchema>;

/** Body of POST /workspace/create. */
export const createWorkspaceBodySchema = workspaceFormSchema;
export type CreateWorkspaceBody = z.output<typeof createWorkspaceBodySchema>;

/** Body of PUT /workspace/{id}: the remaining fields after a possible change of admin. */
export const updateWorkspaceBodySchema = z.object({
  name: nameField(LIMITS.nameMin, WORKSPACE_NAME_SUBJECT),
  description: descriptionField(),
  limitOfMembers: limitOfMembersField(),
  storageQuotaMb: storageQuotaField(),
  features: featuresField(),
  /** Optional: absent keeps the current limit. */
  groupMemberLimit: z.optional(
    z.coerce
      .number(GROUP_MEMBER_LIMIT_MESSAGE)
      .check(
        z.int(GROUP_MEMBER_LIMIT_MESSAGE),
        z.gte(GROUP_MEMBER_LIMIT_MIN, GROUP_MEMBER_LIMIT_MESSAGE),
        z.lte(LIMITS.groupMemberLimitMax, GROUP_MEMBER_LIMIT_MESSAGE),
      ),
  ),
});
export type UpdateWorkspaceBody = z.output<typeof updateWorkspaceBodySchema>;

/** Body of PATCH /workspace/change-admin/{id}. */
export const changeAdminBodySchema = z.object({ newAdminEmail: emailField(ADMIN_EMAIL_MESSAGE) });
export type ChangeAdminBody = z.infer<typeof changeAdminBodySchema>;
