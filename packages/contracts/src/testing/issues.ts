import type * as z from 'zod/mini';

// Test helpers (not exported from the package).

/** Messages of the issues at `path` ('' for the root), in order. Empty when the value parses. */
export function messagesAt(schema: z.ZodMiniType, value: unknown, path: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.map(String).join('.') === path).map((i) => i.message);
}

/** Parses and returns the output, failing the test with the issues when the value is rejected. */
export function parseOk<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`expected to parse: ${JSON.stringify(result.error.issues.map((i) => [i.path, i.message]))}`);
  }
  return result.data;
}

export const chars = (n: number, ch = 'a') => ch.repeat(n);
