import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { visibleNameChecks } from './visible-text';

// Field builders reused by the form schemas so each rule and message lives once.
export const MSG = {
  // Singular for 1 so the member-edit name rule (1–40) reads correctly.
  min: (n: number) => (n === 1 ? 'Mínimo de 1 caractere' : `Mínimo de ${n} caracteres`),
  max: (n: number) => `Máximo de ${n} caracteres`,
  email: 'E-mail inválido',
  passwordsMatch: 'As senhas devem ser iguais',
  nickName: 'Apenas letras e números',
  required: 'Campo obrigatório',
  nameRequired: 'Nome é obrigatório',
  id: 'Identificador inválido',
} as const;

/** A person's or a workspace's name; `subject` starts the messages about hidden characters. */
export const nameField = (min: number = LIMITS.nameMin, subject = 'O nome') =>
  z
    .string()
    .check(z.trim(), z.minLength(min, MSG.min(min)), z.maxLength(LIMITS.nameMax, MSG.max(LIMITS.nameMax)), ...visibleNameChecks(subject));

export const NICKNAME_PATTERN = /^[A-Za-z0-9]+$/;

export const nickNameField = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(LIMITS.nickNameMin, MSG.min(LIMITS.nickNameMin)),
      z.maxLength(LIMITS.nickNameMax, MSG.max(LIMITS.nickNameMax)),
      z.regex(NICKNAME_PATTERN, MSG.nickName),
    );

// trim/lowercase run before the e-mail check (a pipe), so ' Ana@X.com ' is accepted as 'ana@x.com'.
export const emailField = (message: string = MSG.email) => z.pipe(z.string(message).check(z.trim(), z.toLowerCase()), z.email(message));

// Passwords are never trimmed: spaces are legitimate characters of a password.
export const passwordField = () =>
  z
    .string()
    .check(z.minLength(LIMITS.passwordMin, MSG.min(LIMITS.passwordMin)), z.maxLength(LIMITS.passwordMax, MSG.max(LIMITS.passwordMax)));

/**
 * An id (all ids are UUIDs). `z.guid()` accepts any 8-4-4-4-12 hex string, exactly what a
 * PostgreSQL `uuid` column accepts, so a malformed id is a 400 instead of a database cast error.
 */
export const uuidField = (message: string = MSG.id) => z.guid(message);

/**
 * A boolean in a query string: accepts a real boolean (in-process callers) or the strings
 * 'true'/'false' (what axios and browsers put in the URL).
 */
export const queryBooleanField = () =>
  z.union(
    [
      z.boolean(),
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((v) => v === 'true'),
      ),
    ],
    {
      error: 'Valor deve ser true ou false',
    },
  );

/** The confirmation field of a password form must equal the password (error on the confirmation). */
export const passwordsMatch = <K extends string, C extends string>(password: K, confirmation: C) =>
  z.refine<Record<K | C, string>>((v) => v[password] === v[confirmation], {
    message: MSG.passwordsMatch,
    path: [confirmation],
  });

/** The fields of a new account: register, create-by-invite and the admin's "Criar Conta". */
export const accountFields = () => ({
  name: nameField(),
  email: emailField(),
  nickName: nickNameField(),
  password: passwordField(),
});
