import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { accountFields, emailField, passwordField, passwordsMatch } from './fields';

export const signinSchema = z.object({
  identifier: z.string().check(z.trim(), z.minLength(1, 'Usuário é obrigatório')),
  password: z.string().check(z.minLength(1, 'Senha é obrigatória')),
  rememberMe: z.optional(z.boolean()),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{3}-[A-Za-z0-9]{3}$/;
export const INVITE_CODE_MESSAGE = 'Código de convite inválido';

/**
 * A code as people type it, in the canonical XXX-XXX form: surrounding spaces go, letters are
 * upper-cased (codes are issued in upper case, invite-code.ts on the server) and six characters
 * typed without the hyphen (or with a space or dash in its place) get it back. Anything else is
 * left for the pattern to refuse.
 */
export function normalizeInviteCode(value: string): string {
  const code = value.trim().toUpperCase();
  const parts = /^([A-Z0-9]{3})[\s\-\u2010-\u2015]*([A-Z0-9]{3})$/.exec(code);
  return parts ? `${parts[1]}-${parts[2]}` : code;
}

export const inviteCodeField = () =>
  z
    .string(INVITE_CODE_MESSAGE)
    .check(
      z.overwrite(normalizeInviteCode),
      z.minLength(LIMITS.inviteCodeMin, INVITE_CODE_MESSAGE),
      z.regex(INVITE_CODE_PATTERN, INVITE_CODE_MESSAGE),
    );

export const registerSchema = z
  .object({ ...accountFields(), confirmPassword: passwordField(), inviteCode: inviteCodeField() })
  .check(passwordsMatch('password', 'confirmPassword'));
export type RegisterInput = z.infer<typeof registerSchema>;

/** Body of POST /user/create-by-invite: the register form without the confirmation. */
export const createByInviteBodySchema = z.object({ ...accountFields(), inviteCode: inviteCodeField() });
export type CreateByInviteBody = z.infer<typeof createByInviteBodySchema>;

export const forgotPasswordSchema = z.object({ email: emailField() });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const RESET_TOKEN_PATTERN = /^[0-9a-fA-F]{64}$/;
export const resetTokenField = () => z.string('Token inválido').check(z.regex(RESET_TOKEN_PATTERN, 'Token inválido'));

/**
 * The reset page's guard (docs/produto.md, Telas): missing, blank or not 64 hex characters sends
 * the user to /.
 */
export function isValidResetToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && RESET_TOKEN_PATTERN.test(token);
}

export const resetPasswordFormSchema = z
  .object({ newPassword: passwordField(), newPasswordConfirm: passwordField() })
  .check(passwordsMatch('newPassword', 'newPasswordConfirm'));
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** Body of PATCH /password-token/use. */
export const usePasswordTokenSchema = z.object({ token: resetTokenField(), newPassword: passwordField() });
export type UsePasswordTokenBody = z.infer<typeof usePasswordTokenSchema>;

export const refreshTokenSchema = z.object({ refreshToken: z.string().check(z.minLength(1)) });
export const signoutSchema = refreshTokenSchema;
export type RefreshTokenBody = z.infer<typeof refreshTokenSchema>;
