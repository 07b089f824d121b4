import { ALERT_TEXTS } from '@chat/contracts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';

// The media store's refusals, in the Portuguese the browser shows (docs/produto.md, Textos que
// importam texts where they exist).

export const INVALID_FILE_TYPE = ALERT_TEXTS.invalidFileType;
export const FILE_TOO_LARGE = ALERT_TEXTS.fileTooLarge;
export const UPLOAD_URL_INVALID = 'URL de upload inválida ou expirada';
export const UPLOAD_URL_USED = 'URL de upload já utilizada';
export const MEDIA_PATH_INVALID = 'Caminho de mídia inválido';
export const UPLOAD_INTERRUPTED = 'Upload interrompido';
export const UPLOAD_TIMED_OUT = 'Tempo de upload esgotado';

export const invalidFileType = () => new AppError(415, INVALID_FILE_TYPE);
export const fileTooLarge = () => new AppError(413, FILE_TOO_LARGE);
export const uploadUrlInvalid = () => forbidden(UPLOAD_URL_INVALID);
export const uploadUrlUsed = () => conflict(UPLOAD_URL_USED);
export const mediaPathInvalid = () => badRequest(MEDIA_PATH_INVALID);
export const uploadInterrupted = () => badRequest(UPLOAD_INTERRUPTED);
export const uploadTimedOut = () => new AppError(408, UPLOAD_TIMED_OUT);
