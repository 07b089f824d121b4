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

/**
 * Validates with zod and keeps each issue's path as an array (the stock compiler flattens it to
 * "/a/b"), so the browser can put the message beside the field.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema }) =>
  (data) => {
    // The functional form: the contracts' schemas are zod/mini, local ones may be classic.
    const result = z.safeParse(schema, data);
    if (result.success) return { value: result.data };
    const issues = result.error.issues.map((issue) => ({
      path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
      message: issue.message,
    }));
    return { error: new RequestValidationError(issues) };
  };
