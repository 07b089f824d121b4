import type { FastifyServerOptions } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

// Logs carry no secrets, whatever fails: password hashes, tokens, API keys, reset and invite codes,
// message and e-mail bodies. Everything logged goes through this one pino configuration, so the
// rule holds for lines written anywhere, by the app or by Fastify.
//
// Errors are the dangerous part: drizzle's query error carries the SQL and every parameter (an
// INSERT of a user row holds the password hash; of a message, its text) in its fields and in its
// message and stack; PostgreSQL's errors carry the offending values in `detail` and `where`;
// ioredis's carry the command's arguments. So an error is rebuilt from a short list of fields that
// name what failed without holding data, rather than copied with a list of fields to drop.

/** Fields of an error that say what failed and never hold a row's values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
] as const;
/** How deep causes (and an AggregateError's errors) are followed. */
const MAX_DEPTH = 4;

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The stack's frames only: its first line repeats the message. */
function framesOf(error: Error): string {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const firstFrame = stack.indexOf('\n    at ');
  return firstFrame === -1 ? '' : stack.slice(firstFrame + 1);
}

export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'valor lançado que não é um Error', stack: '' };
  // The query's text and parameters are in the message too: only the driver's cause is kept.
  const message = error instanceof DrizzleQueryError ? 'falha na consulta ao banco de dados' : error.message;
  const out: SafeError = { type: error.name, message, stack: framesOf(error) };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = error.errors.slice(0, 5).map((inner: unknown) => serializeError(inner, depth + 1));
  }
  return out;
}

/** Field names that hold secrets or private text wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'apiKey',
  'keyHash',
  'inviteCode',
  'body',
  'text',
  'html',
  'content',
  'params',
  'query',
  'detail',
];
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key'];

/** pino's redact paths: each secret field at the top of a line's object and one level down. */
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...SECRET_HEADERS.flatMap((header) => [`req.headers["${header}"]`, `res.headers["${header}"]`]),
];

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * A request as logged: without its query string, where signed upload URLs carry their signature
 * and browser routes their invite or reset codes; never its headers.
 */
function serializeRequest(request: RequestLike) {
  const url = request.url ?? '';
  const queryAt = url.indexOf('?');
  return {
    method: request.method,
    url: queryAt === -1 ? url : url.slice(0, queryAt),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where pino writes its lines (one JSON object per call). */
export interface LogStream {
  write(line: string): void;
}

/** The server's logger: pino at `level`, written to `stream` (stdout by default). */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[oculto]' },
    serializers: { err: serializeError, req: serializeRequest },
  };
}
