import { z } from 'zod';
import { LIMITS } from '../constants';

// Field builders reused by the form schemas so each rule and message lives once.
export const MSG = {
  min: (n: number) => `Mínimo de ${n} caracteres`,
  max: (n: number) => `Máximo de ${n} caracteres`,
  email: 'E-mail inválido',
  passwordsMatch: 'As senhas devem ser iguais',
  nickName: 'Apenas letras e números',
  required: 'Campo obrigatório',
} as const;

export const nameField = (min: number = LIMITS.nameMin) =>
  z.string().trim().min(min, MSG.min(min)).max(LIMITS.nameMax, MSG.max(LIMITS.nameMax));

export const nickNameField = () =>
  z
    .string()
    .trim()
    .min(LIMITS.nickNameMin, MSG.min(LIMITS.nickNameMin))
    .max(LIMITS.nickNameMax, MSG.max(LIMITS.nickNameMax))
    .regex(/^[A-Za-z0-9]+$/, MSG.nickName);

export const emailField = (message: string = MSG.email) =>
  z.string().trim().toLowerCase().pipe(z.email(message));

export const passwordField = () =>
  z
    .string()
    .min(LIMITS.passwordMin, MSG.min(LIMITS.passwordMin))
    .max(LIMITS.passwordMax, MSG.max(LIMITS.passwordMax));
