import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';

// The text of a message: a new one, and an edit (issue 15), follow the same rule.
export const MESSAGE_REQUIRED = 'Mensagem é obrigatória';
export const MESSAGE_TOO_LONG = `Mensagem deve ter no máximo ${LIMITS.messageMaxLength} caracteres`;

export const messageTextField = () =>
  z
    .string(MESSAGE_REQUIRED)
    .check(z.trim(), z.minLength(1, MESSAGE_REQUIRED), z.maxLength(LIMITS.messageMaxLength, MESSAGE_TOO_LONG));
