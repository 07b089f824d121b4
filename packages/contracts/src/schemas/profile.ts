import * as z from 'zod/mini';
import '../zod-locale';
import { ALERT_TEXTS } from '../errors';
import { nameField, nickNameField, passwordField, passwordsMatch } from './fields';

/** Alert shown when the profile form is submitted unchanged. */
export const PROFILE_NO_CHANGES_TEXT = ALERT_TEXTS.noChanges;

/** "Informações pessoais" form; also the body of PATCH /user/update. */
export const profileSchema = z.object({
  name: nameField(),
  nickName: nickNameField(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Body of PATCH /user/update: any of the profile fields, plus an uploaded avatar URL. */
export const updateProfileBodySchema = z.extend(z.partial(profileSchema), {
  avatarUrl: z.optional(z.nullable(z.string().check(z.maxLength(2048)))),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** True when the submitted profile equals the current user (then alert PROFILE_NO_CHANGES_TEXT). */
export function isProfileUnchanged(current: { name?: string | undefined; nickName?: string | undefined }, values: ProfileInput): boolean {
  return (current.name ?? '').trim() === values.name.trim() && (current.nickName ?? '').trim() === values.nickName.trim();
}

/**
 * The server's answer (400) to a wrong current password: the form shows it under that field, so it
 * is shared rather than matched against a copy.
 */
export const WRONG_CURRENT_PASSWORD = 'A senha atual está incorreta';

/** "Segurança" form (the form resets after submit). */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string('A senha atual é obrigatória').check(z.minLength(1, 'A senha atual é obrigatória')),
    newPassword: passwordField(),
    confirmPassword: passwordField(),
    revokeApiKey: z.boolean(),
  })
  .check(passwordsMatch('newPassword', 'confirmPassword'));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * Body of PATCH /user/update-password. `revokeApiKey` (absent: true) also revokes the user's API
 * key: whoever knew the old password may have made one.
 */
export const updatePasswordBodySchema = z.object({
  oldPassword: z.string('A senha atual é obrigatória').check(z.minLength(1, 'A senha atual é obrigatória')),
  newPassword: passwordField(),
  revokeApiKey: z.optional(z.boolean('Valor inválido para revogar a chave de API')),
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;
