import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

// Default zod messages (type errors and the like) in Portuguese; the contracts' own messages
// are already Portuguese. A missing field reads "Campo obrigatório" rather than a type error.
z.config(z.locales.pt());
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Campo obrigatório' : undefined),
});

export interface ValidationIssue {
  path: Array<string | number>;
  message: string;
}

/** Thrown (through Fastify) when a body, query or params fail their contracts schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly issues: ValidationIssue[]) {
    super(issues[0] ? `Dados inválidos: ${issues[0].message}` : 'Dados inválidos');
    this.name = 'RequestValidationError';
  }
}

export const NUL_NOT_ALLOWED = 'Caractere nulo não é permitido';

/** The path of the first string holding a NUL character, if any: PostgreSQL text cannot store it (it fails the query). */
function findNul(value: unknown, path: Array<string | number> = [], depth = 0): Array<string | number> | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Validates with zod and keeps each issue's path as an array (the stock compiler flattens it to
 * "/a/b"), so the browser can put the message beside the field.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    const nulAt = findNul(data);
    if (nulAt) return { error: new RequestValidationError([{ path: nulAt, message: NUL_NOT_ALLOWED }]) };
    // The functional form: the contracts' schemas are zod/mini, local ones may be classic.
    const result = z.safeParse(schema, data);
    if (result.success) return { value: result.data };
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: issue.message,
    }));
    return { error: new RequestValidationError(issues) };
  };
