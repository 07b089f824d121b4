import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { visibleTextCheck } from './visible-text';

// The text of a message: a new one, and an edit, follow the same rule.
export const MESSAGE_REQUIRED = 'Mensagem é obrigatória';
export const MESSAGE_TOO_LONG = `Mensagem deve ter no máximo ${LIMITS.messageMaxLength} caracteres`;
export const MESSAGE_NOT_VISIBLE = 'A mensagem precisa ter texto visível';

export const messageTextField = () =>
  z.string(MESSAGE_REQUIRED).check(
    z.trim(),
    z.minLength(1, MESSAGE_REQUIRED),
    z.maxLength(LIMITS.messageMaxLength, MESSAGE_TOO_LONG),
    // Only the visible-text rule: a message may carry line breaks, emoji sequences and the bidi
    // marks right-to-left writing needs; it names no one.
    visibleTextCheck(MESSAGE_NOT_VISIBLE),
  );

// The words under an image: optional, with the text's own length and visible-text rules. Blank is
// no caption (the server stores none).
export const CAPTION_TOO_LONG = `Legenda deve ter no máximo ${LIMITS.messageMaxLength} caracteres`;
export const CAPTION_NOT_VISIBLE = 'A legenda precisa ter texto visível';

export const captionField = () =>
  z
    .string('Legenda inválida')
    .check(z.trim(), z.maxLength(LIMITS.messageMaxLength, CAPTION_TOO_LONG), visibleTextCheck(CAPTION_NOT_VISIBLE));
