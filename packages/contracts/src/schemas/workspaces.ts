import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { emailField, nameField } from './fields';

export const ADMIN_EMAIL_MESSAGE = 'E-mail do administrador é inválido';
export const LIMIT_OF_MEMBERS_MESSAGE = 'Limite de membros deve ser entre 0 e 1000';

/**
 * 0–1000 members, 0 meaning no limit. Coerced because a form input yields a string; an empty
 * input therefore becomes 0 (no limit).
 */
const limitOfMembersField = () =>
  z.coerce
    .number(LIMIT_OF_MEMBERS_MESSAGE)
    .check(
      z.int('Limite de membros deve ser um número inteiro'),
      z.gte(0, LIMIT_OF_MEMBERS_MESSAGE),
      z.lte(LIMITS.workspaceMemberLimitMax, LIMIT_OF_MEMBERS_MESSAGE),
    );

/** Create/edit workspace form (ROOT); adminName is disabled when editing. */
export const workspaceFormSchema = z.object({
  name: nameField(),
  adminName: nameField(),
  adminEmail: emailField(ADMIN_EMAIL_MESSAGE),
  limitOfMembers: limitOfMembersField(),
});
export type WorkspaceFormInput = z.input<typeof workspaceFormSchema>;
export type WorkspaceFormValues = z.output<typeof workspaceFormSchema>;

/** Body of POST /workspace/create. */
export const createWorkspaceBodySchema = workspaceFormSchema;
export type CreateWorkspaceBody = z.output<typeof createWorkspaceBodySchema>;

/** Body of PUT /workspace/{id}: the remaining fields after a possible change of admin. */
export const updateWorkspaceBodySchema = z.object({
  name: nameField(),
  limitOfMembers: limitOfMembersField(),
});
export type UpdateWorkspaceBody = z.output<typeof updateWorkspaceBodySchema>;

/** Body of PATCH /workspace/change-admin/{id}. */
export const changeAdminBodySchema = z.object({ newAdminEmail: emailField(ADMIN_EMAIL_MESSAGE) });
export type ChangeAdminBody = z.infer<typeof changeAdminBodySchema>;
