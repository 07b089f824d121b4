// Both drivers report PostgreSQL errors with the SQLSTATE `code` and the `constraint` name, but
// drizzle wraps them (DrizzleQueryError.cause), so the chain is walked.

const UNIQUE_VIOLATION = '23505';

function findPgError(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return e as { constraint?: unknown };
  }
  return null;
}

/** True for a unique-index violation (of `constraint` when given): a race lost to another request. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = findPgError(error);
  if (!pgError) return false;
  return constraint === undefined || pgError.constraint === constraint;
}
