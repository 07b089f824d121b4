import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { emailField, MSG, uuidField } from './fields';
import { visibleNameChecks } from './visible-text';

export const GROUP_NAME_MIN_MESSAGE = `Nome deve ter pelo menos ${LIMITS.groupEditNameMin} caracteres`;

/** The one message of a group's member limit, on every way in (the number is the workspace's limit). */
export const groupLimitMessage = (limit: number) => `Um grupo pode ter no máximo ${limit} membros`;

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
  members: z.array(uuidField()).check(z.maxLength(LIMITS.groupMemberLimitMax, groupLimitMessage(LIMITS.groupMemberLimitMax))),
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
    .check(
      z.minLength(1, 'Selecione ao menos um usuário'),
      z.maxLength(LIMITS.groupMemberLimitMax, groupLimitMessage(LIMITS.groupMemberLimitMax)),
    ),
});
export type AddMembersBody = z.infer<typeof addMembersBodySchema>;

/** Body of POST /group/remove-member/{groupId}. */
export const removeMemberBodySchema = z.object({ memberId: uuidField() });
export type RemoveMemberBody = z.infer<typeof removeMemberBodySchema>;

/** Answer of POST /group/leave/{groupId}: the group left (the leaver no longer sees it). */
export const leftGroupSchema = z.object({ id: z.string() });
export type LeftGroup = z.infer<typeof leftGroupSchema>;

/** Body of POST /group/update-photo/{groupId}: an uploaded image's public URL ('avatars'), or null to remove it. */
export const updateGroupPhotoBodySchema = z.object({
  avatarUrl: z.nullable(z.url({ protocol: /^https?$/, error: 'URL da foto inválida' }).check(z.maxLength(2048, 'URL da foto inválida'))),
});
export type UpdateGroupPhotoBody = z.infer<typeof updateGroupPhotoBodySchema>;

const SEARCH_MAX = 100;
const searchField = () =>
  z._default(z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX, `A busca deve ter no máximo ${SEARCH_MAX} caracteres`))), '');
const LIMIT_MESSAGE = `O limite deve ser entre 1 e ${LIMITS.groupMembersPageMax}`;
const pageFields = {
  cursor: z.optional(z.string('Cursor inválido').check(z.minLength(1, 'Cursor inválido'), z.maxLength(600, 'Cursor inválido'))),
  limit: z._default(
    z.optional(
      z.coerce.number(LIMIT_MESSAGE).check(z.int(LIMIT_MESSAGE), z.gte(1, LIMIT_MESSAGE), z.lte(LIMITS.groupMembersPageMax, LIMIT_MESSAGE)),
    ),
    LIMITS.groupMembersPageSize,
  ),
};

/** Query of GET /group/{groupId}/members: one page, searched by name, nickName or e-mail. */
export const groupMembersQuerySchema = z.object({ content: searchField(), ...pageFields });
export type GroupMembersQuery = z.output<typeof groupMembersQuerySchema>;

/**
 * Query of GET /group/candidates: users of the workspace who may join; with `groupId`, those not in
 * that group yet (the 'Adicionar membro' modal), without it everyone but the viewer ('Novo' > 'Grupo').
 */
export const groupCandidatesQuerySchema = z.object({ groupId: z.optional(uuidField()), content: searchField(), ...pageFields });
export type GroupCandidatesQuery = z.output<typeof groupCandidatesQuerySchema>;

/** Query of GET /group/candidate-ids: the same search, every id ('Selecionar todos'). */
export const groupCandidateIdsQuerySchema = z.object({ groupId: z.optional(uuidField()), content: searchField() });
export type GroupCandidateIdsQuery = z.output<typeof groupCandidateIdsQuerySchema>;

export const PASTED_EMAILS_MESSAGE = 'Cole ao menos um e-mail';

/** The e-mails of a pasted text: separated by commas, semicolons, spaces or new lines; once each, lower case. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e.length > 0),
    ),
  ];
}

/** Body of POST /group/resolve-emails ('Colar e-mails'); `groupId` sorts out who is already in it. */
export const resolveEmailsBodySchema = z.object({
  groupId: z.optional(uuidField()),
  emails: z
    .array(emailField(), PASTED_EMAILS_MESSAGE)
    .check(
      z.minLength(1, PASTED_EMAILS_MESSAGE),
      z.maxLength(LIMITS.pastedEmailsMax, `Cole no máximo ${LIMITS.pastedEmailsMax} e-mails de uma vez`),
    ),
});
export type ResolveEmailsBody = z.output<typeof resolveEmailsBodySchema>;
