import { z } from 'zod';
import { LIMITS } from '../constants';
import { emailField, MSG, nameField, nickNameField, passwordField } from './fields';

export const signinSchema = z.object({
  identifier: z.string().trim().min(1, 'Usuário é obrigatório'),
  password: z.string().min(1, 'Senha é obrigatória'),
  rememberMe: z.boolean().optional(),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{3}-[A-Za-z0-9]{3}$/;

export const registerSchema = z
  .object({
    name: nameField(),
    email: emailField(),
    nickName: nickNameField(),
    password: passwordField(),
    confirmPassword: passwordField(),
    inviteCode: z
      .string()
      .trim()
      .min(LIMITS.inviteCodeMin, 'Código de convite inválido')
      .regex(INVITE_CODE_PATTERN, 'Código de convite inválido'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailField() });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const RESET_TOKEN_PATTERN = /^[0-9a-fA-F]{64}$/;
export const resetTokenField = () => z.string().regex(RESET_TOKEN_PATTERN, 'Token inválido');

export const resetPasswordFormSchema = z
  .object({ newPassword: passwordField(), newPasswordConfirm: passwordField() })
  .refine((v) => v.newPassword === v.newPasswordConfirm, {
    message: MSG.passwordsMatch,
    path: ['newPasswordConfirm'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** Body of PATCH /password-token/use. */
export const usePasswordTokenSchema = z.object({ token: resetTokenField(), newPassword: passwordField() });

export const refreshTokenSchema = z.object({ refreshToken: z.string().min(1) });
export const signoutSchema = refreshTokenSchema;
