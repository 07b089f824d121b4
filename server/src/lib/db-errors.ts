import { DrizzleQueryError } from 'drizzle-orm';

// Both drivers report PostgreSQL errors with the SQLSTATE `code` and the `constraint` name, but
// drizzle wraps them (DrizzleQueryError.cause), so the chain is walked.

const UNIQUE_VIOLATION = '23505';
const NOT_NULL_VIOLATION = '23502';
/** PostgreSQL's disk_full: a file could not grow (the server keeps running). */
const DISK_FULL = '53100';

function* causeChain(error: unknown): Generator<object> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

function findPgError(error: unknown, code: string): { constraint?: unknown; column?: unknown } | null {
  for (const e of causeChain(error)) {
    if ((e as { code?: unknown }).code === code) return e;
  }
  return null;
}

/** True for a unique-index violation (of `constraint` when given): a race lost to another request. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error, UNIQUE_VIOLATION);
  if (!pgError) return false;
  return constraint === undefined || pgError.constraint === constraint;
}

/** True for a NULL put into a NOT NULL column (`column`, when the driver names it). */
export function isNotNullViolation(error: unknown, column: string): boolean {
  const pgError = findPgError(error, NOT_NULL_VIOLATION);
  return !!pgError && (pgError.column === undefined || pgError.column === column);
}

// An unreachable database is an outage, not a bug: the request is answered 503 with Retry-After
// and the client tries again. Recognised by class and code, never by message text:
// - Node's socket errors while connecting or talking to the server;
// - SQLSTATE class 08 (connection exception), 57P01-57P03 (the server is shutting down, crashed or
//   not accepting connections yet) and 53300 (too many connections);
// - a query the driver could not complete, with no SQLSTATE at all: pg reports a connection lost
//   mid-query (or refused as no longer queryable) as a plain Error, and drizzle wraps it. A query
//   the server refused always carries its SQLSTATE.
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return CONNECTION_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/** True when `error` says the database could not be reached or dropped the connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causeChain(error)) {
    if (isUnavailableCode((e as { code?: unknown }).code)) return true;
    // AggregateError: Node's connect tries every address of a host name and reports them all.
    if (e instanceof AggregateError && e.errors.some((inner) => isUnavailableCode((inner as { code?: unknown }).code))) return true;
    if (e instanceof DrizzleQueryError && isDriverConnectionFailure(e.cause)) return true;
  }
  return false;
}

/** pg's own failures (connection lost, not queryable) are plain Errors without a code. */
function isDriverConnectionFailure(cause: unknown): boolean {
  return cause instanceof Error && cause.constructor === Error && (cause as { code?: unknown }).code === undefined;
}

/**
 * True when the write failed for want of disk space: PostgreSQL's disk_full, or Node's ENOSPC from
 * a file written under DATA_DIR (media, mail outbox). Nothing was stored; the same request can
 * succeed once space is freed.
 */
export function isDiskFull(error: unknown): boolean {
  return !!findPgError(error, DISK_FULL) || !!findPgError(error, 'ENOSPC');
}
