import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';

// Files and voice notes in messages: what their content carries besides the URL.

export const FILE_NAME_INVALID = 'Nome do arquivo inválido';
export const FILE_NAME_TOO_LONG = 'Nome do arquivo deve ter no máximo 255 caracteres';
export const MIME_TYPE_INVALID = 'Tipo de arquivo inválido';
export const FILE_SIZE_INVALID = 'Tamanho do arquivo inválido';
export const VOICE_NOTE_DURATION_INVALID = 'Duração da mensagem de voz inválida';
export const VOICE_NOTE_TOO_LONG = 'A mensagem de voz pode ter no máximo 15 minutos';

/** "type/subtype" as RFC 6838 spells it, lower case, without parameters (the server strips them). */
export const MIME_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

export const fileNameField = () =>
  z.string(FILE_NAME_INVALID).check(z.trim(), z.minLength(1, FILE_NAME_INVALID), z.maxLength(255, FILE_NAME_TOO_LONG));

export const mimeTypeField = () =>
  z.string(MIME_TYPE_INVALID).check(z.trim(), z.toLowerCase(), z.regex(MIME_TYPE_PATTERN, MIME_TYPE_INVALID));

export const fileSizeField = () => z.number(FILE_SIZE_INVALID).check(z.int(FILE_SIZE_INVALID), z.gte(0, FILE_SIZE_INVALID));

export const durationMsField = () =>
  z
    .number(VOICE_NOTE_DURATION_INVALID)
    .check(z.int(VOICE_NOTE_DURATION_INVALID), z.gte(1, VOICE_NOTE_DURATION_INVALID), z.lte(LIMITS.voiceNoteMaxMs, VOICE_NOTE_TOO_LONG));

/** The bytes of `mb` megabytes, as MAX_FILE_MB counts them. */
export const megabytes = (mb: number) => mb * 1024 * 1024;

/** The refusal of a file over the limit, with the limit in it ('Arquivo muito grande (máx 25MB)'). */
export const fileTooLargeText = (maxMb: number) => `Arquivo muito grande (máx ${maxMb}MB)`;
