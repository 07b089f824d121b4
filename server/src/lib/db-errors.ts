// Both drivers report PostgreSQL errors with the SQLSTATE `code` and the `constraint` name, but
// drizzle wraps them (DrizzleQueryError.cause), so the chain is walked.

const UNIQUE_VIOLATION = '23505';
const NOT_NULL_VIOLATION = '23502';
/** PostgreSQL's disk_full: a file could not grow (the server keeps running). */
const DISK_FULL = '53100';

function findPgError(error: unknown, code: string): { constraint?: unknown; column?: unknown } | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return e as { constraint?: unknown; column?: unknown };
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

/**
 * True when the write failed for want of disk space: PostgreSQL's disk_full, or Node's ENOSPC from
 * a file written under DATA_DIR (media, mail outbox). Nothing was stored; the same request can
 * succeed once space is freed.
 */
export function isDiskFull(error: unknown): boolean {
  return !!findPgError(error, DISK_FULL) || !!findPgError(error, 'ENOSPC');
}
