// Domain errors carry an HTTP status and a Portuguese, user-facing message (the browser shows it
// in its error toast). The app's error handler turns them into { statusCode, error, message }.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Response headers that belong to the error, e.g. Retry-After on a 429. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message = 'Requisição inválida') => new AppError(400, message);
export const unauthorized = (message = 'Não autorizado') => new AppError(401, message);
export const forbidden = (message = 'Acesso negado') => new AppError(403, message);
export const notFound = (message = 'Recurso não encontrado') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Tente novamente em alguns minutos.';
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, TOO_MANY_ATTEMPTS, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** 507: the disk that holds DATA_DIR (the embedded database, media) is full; nothing was stored. */
export const DISK_FULL_MESSAGE = 'Sem espaço em disco no servidor. Tente novamente mais tarde.';
export const insufficientStorage = () => new AppError(507, DISK_FULL_MESSAGE);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
