import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** What the resolver needs of a contracts (zod) schema. */
export interface SafeParseSchema<T> {
  safeParse: (
    values: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; code: string; message: string }> } };
}

/**
 * A react-hook-form resolver over a contracts schema, for forms with flat fields: the first issue
 * of each field becomes its error (shown beside its label). The sign-in form uses it instead of
 * @hookform/resolvers' zodResolver, which adds 1 kB gzip to the product's first download
 * (measured with `node scripts/sizes.mjs`); the lazily loaded pages use zodResolver.
 */
export function schemaResolver<T extends FieldValues>(schema: SafeParseSchema<T>): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      errors[issue.path.map(String).join('.')] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
