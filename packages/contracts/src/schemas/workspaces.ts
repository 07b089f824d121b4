import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { workspaceFeaturesSchema } from '../entities';
import { emailField, nameField } from './fields';

export const ADMIN_EMAIL_MESSAGE = 'E-mail do administrador é inválido';
export const LIMIT_OF_MEMBERS_MESSAGE = 'Limite de membros deve ser entre 0 e 1000';
export const EXTENDED_LIMIT_MESSAGE = `Limite ampliado deve ser entre ${LIMITS.workspaceMemberLimitMax + 1} e ${LIMITS.workspaceMemberLimitExtendedMax}`;
export const LIMIT_OF_MEMBERS_BODY_MESSAGE = `Limite de membros deve ser entre 0 e ${LIMITS.workspaceMemberLimitExtendedMax}`;
const LIMIT_WHOLE_MESSAGE = 'Limite de membros deve ser um número inteiro';
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

/** The bodies: 0 (no limit) to the extended maximum; ROOT may set a large limit through the API. */
const limitOfMembersBodyField = () =>
  zeroToMaxField(LIMITS.workspaceMemberLimitExtendedMax, LIMIT_OF_MEMBERS_BODY_MESSAGE, LIMIT_WHOLE_MESSAGE);

/**
 * The forms: the field takes any whole number from 0; its range depends on `extendedLimit`
 * (checked on the object below): 0–1000 as the original spec's form, or with the "limite ampliado"
 * box 1001 up to the extended maximum, so that a large limit is never typed by accident.
 */
const limitOfMembersFormField = () =>
  z.coerce.number(LIMIT_OF_MEMBERS_MESSAGE).check(z.int(LIMIT_WHOLE_MESSAGE), z.gte(0, LIMIT_OF_MEMBERS_MESSAGE));

type LimitFields = { limitOfMembers: number; extendedLimit?: boolean | undefined };

/** The range of the form's limit, by its "limite ampliado" box; the message sits on the limit field. */
const limitInRange = () =>
  z.superRefine<LimitFields>(
    (values, ctx) => {
      const limit = values.limitOfMembers;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) return;
      const extended = values.extendedLimit === true;
      const fits = extended
        ? limit > LIMITS.workspaceMemberLimitMax && limit <= LIMITS.workspaceMemberLimitExtendedMax
        : limit <= LIMITS.workspaceMemberLimitMax;
      if (!fits) {
        ctx.addIssue({
          code: 'custom',
          message: extended ? EXTENDED_LIMIT_MESSAGE : LIMIT_OF_MEMBERS_MESSAGE,
          path: ['limitOfMembers'],
          input: limit,
        });
      }
      // Run even when other fields failed, so the form shows every message at once.
    },
    { when: () => true },
  );

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

const workspaceFields = () => ({
  name: nameField(LIMITS.nameMin, WORKSPACE_NAME_SUBJECT),
  description: descriptionField(),
  adminName: nameField(),
  adminEmail: emailField(ADMIN_EMAIL_MESSAGE),
  storageQuotaMb: storageQuotaField(),
  features: featuresField(),
});

/**
 * Create workspace form (ROOT). `extendedLimit` is the form's "limite ampliado" box: the limit
 * then goes above 1000; it stays in the browser (the bodies carry the limit only).
 */
export const workspaceFormSchema = z
  .object({ ...workspaceFields(), limitOfMembers: limitOfMembersFormField(), extendedLimit: z.optional(z.boolean()) })
  .check(limitInRange());
export type WorkspaceFormInput = z.input<typeof workspaceFormSchema>;
export type WorkspaceFormValues = z.output<typeof workspaceFormSchema>;

/**
 * Edit workspace form: adminName is shown disabled (docs/produto.md, Validação e limites), so it is
 * neither validated nor sent; a changed adminEmail goes to change-admin.
 */
export const workspaceEditFormSchema = z
  .object({
    ...workspaceFields(),
    adminName: z.optional(z.string()),
    limitOfMembers: limitOfMembersFormField(),
    extendedLimit: z.optional(z.boolean()),
  })
  .check(limitInRange());
export type WorkspaceEditFormInput = z.input<typeof workspaceEditFormSchema>;
export type WorkspaceEditFormValues = z.output<typeof workspaceEditFormSchema>;

/** Body of POST /workspace/create: the form's fields, with the limit up to the extended maximum. */
export const createWorkspaceBodySchema = z.object({ ...workspaceFields(), limitOfMembers: limitOfMembersBodyField() });
export type CreateWorkspaceBody = z.output<typeof createWorkspaceBodySchema>;

/** Body of PUT /workspace/{id}: the remaining fields after a possible change of admin. */
export const updateWorkspaceBodySchema = z.object({
  name: nameField(LIMITS.nameMin, WORKSPACE_NAME_SUBJECT),
  description: descriptionField(),
  limitOfMembers: limitOfMembersBodyField(),
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

/** Body of PUT /workspace/settings: the ADMIN's own settings of their workspace. */
export const workspaceSettingsBodySchema = z.object({
  refuseExecutables: z.boolean('Informe se executáveis são recusados'),
});
export type WorkspaceSettingsBody = z.output<typeof workspaceSettingsBodySchema>;
export const workspaceSettingsSchema = workspaceSettingsBodySchema;
export type WorkspaceSettings = WorkspaceSettingsBody;
