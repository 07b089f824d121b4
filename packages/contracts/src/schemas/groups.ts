import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { MSG, uuidField } from './fields';
import { visibleNameChecks } from './visible-text';

export const GROUP_NAME_MIN_MESSAGE = `Nome deve ter pelo menos ${LIMITS.groupEditNameMin} caracteres`;

// Upper bounds are not in the original spec; they keep a body from growing without limit.
const GROUP_NAME_MAX = 100;
const GROUP_DESCRIPTION_MAX = 500;

const groupNameField = () =>
  z
    .string(MSG.nameRequired)
    .check(
      z.trim(),
      z.minLength(1, MSG.nameRequired),
      z.maxLength(GROUP_NAME_MAX, `Nome deve ter no máximo ${GROUP_NAME_MAX} caracteres`),
      ...visibleNameChecks('O nome do grupo'),
    );

const descriptionField = () =>
  z
    .string('Descrição inválida')
    .check(z.trim(), z.maxLength(GROUP_DESCRIPTION_MAX, `Descrição deve ter no máximo ${GROUP_DESCRIPTION_MAX} caracteres`));

/** "Grupo" tab of the 'Novo' modal (members are picked from a list, not typed). */
export const groupCreateFormSchema = z.object({
  name: groupNameField(),
  description: descriptionField(),
});
export type GroupCreateFormInput = z.infer<typeof groupCreateFormSchema>;

/** Body of POST /group/create. */
export const createGroupBodySchema = z.extend(groupCreateFormSchema, {
  members: z.array(uuidField()).check(z.maxLength(1000, 'Máximo de 1000 membros')),
});
export type CreateGroupBody = z.infer<typeof createGroupBodySchema>;

/** 'Editar grupo' modal: an empty name says 'Nome é obrigatório', a short one the min-3 message. */
export const groupEditFormSchema = z.object({
  name: groupNameField().check(z.minLength(LIMITS.groupEditNameMin, GROUP_NAME_MIN_MESSAGE)),
  description: descriptionField(),
});
export type GroupEditFormInput = z.infer<typeof groupEditFormSchema>;

/** Body of PATCH /group/update/{id}. */
export const updateGroupBodySchema = groupEditFormSchema;
export type UpdateGroupBody = z.infer<typeof updateGroupBodySchema>;

/** Body of POST /group/add-admin/{groupId}. */
export const addAdminBodySchema = z.object({ newAdminId: uuidField() });
export type AddAdminBody = z.infer<typeof addAdminBodySchema>;

/** Body of POST /group/remove-admin/{groupId}. */
export const removeAdminBodySchema = z.object({ adminId: uuidField() });
export type RemoveAdminBody = z.infer<typeof removeAdminBodySchema>;

/** Body of POST /group/add-member/{groupId}. */
export const addMembersBodySchema = z.object({
  newMembersIds: z
    .array(uuidField(), 'Selecione ao menos um usuário')
    .check(z.minLength(1, 'Selecione ao menos um usuário'), z.maxLength(1000, 'Máximo de 1000 membros')),
});
export type AddMembersBody = z.infer<typeof addMembersBodySchema>;

/** Body of POST /group/remove-member/{groupId}. */
export const removeMemberBodySchema = z.object({ memberId: uuidField() });
export type RemoveMemberBody = z.infer<typeof removeMemberBodySchema>;
