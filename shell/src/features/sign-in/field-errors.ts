/** What validation needs of a contracts (zod) schema. */
export interface SafeParseSchema<T> {
  safeParse: (
    values: unknown,
  ) =>
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; code: string; message: string }> } };
}

/** A message per field name, for the fields that have one. */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { data: T; errors: FieldErrors } | { data: null; errors: FieldErrors };

/**
 * Validates a flat form's values with a contracts schema: the parsed values, or the first issue
 * of each field (shown beside its label). The sign-in form validates with it directly instead of
 * through react-hook-form, which would weigh on the product's first download (checked by
 * `npm run sizes` against its budget); the lazily loaded pages use react-hook-form.
 */
export function validateFields<T>(schema: SafeParseSchema<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return { data: null, errors };
}
