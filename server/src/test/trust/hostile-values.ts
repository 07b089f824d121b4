import fc from 'fast-check';

// What an attacker or a broken client sends instead of the expected fields. zod-fast-check would
// derive arbitraries from the contracts' zod schemas, but it supports zod 3 only (peer zod ^3,
// fast-check <4) and the contracts are zod 4 mini: these arbitraries are written by hand, shaped by
// each route's JSON schema in the OpenAPI document (property names and types).

/** Strings known to break naive code: control and direction characters, injections, oddities. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200F\u200E\u2066\u2069',
  '\uFEFF',
  '\u3164\u3164\u3164',
  '\u2800\u0301\u034F',
  '\uD800',
  '\uDFFF\uD800',
  '👩‍👩‍👧‍👦🏳️‍🌈'.repeat(50),
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '%',
  '_%\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '%2e%2e%2f',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'a'.repeat(5_000),
  'é'.repeat(70_000),
  '9'.repeat(400),
  '-1',
  'NaN',
  'null',
  'true',
];

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  );

/** Any JSON value, wrong types and odd numbers included, with nesting up to a few levels. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString(),
      fc.constantFrom(0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null),
      fc.integer(),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'id', '$where'), tie('value'), { maxKeys: 3 }),
    ),
  })).value;

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** A wrong value for a field of `schema`'s type (a string where a number goes, and so on). */
const wrongFor = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const type = [schema.type].flat()[0];
  if (type === 'string') return fc.oneof(hostileString(), fc.constantFrom(42, true, null, [], {}));
  if (type === 'array')
    return fc.oneof(
      fc.constant(Array.from({ length: 20_000 }, (_, i) => `x${i}`)),
      fc.array(hostileValue(), { maxLength: 5 }),
      hostileString(),
    );
  return hostileValue();
};

/**
 * Bodies for a route: its valid example with some fields replaced by hostile ones, extra fields,
 * or no object at all.
 */
export function hostileBody(schema: JsonSchema | undefined, valid: unknown): fc.Arbitrary<unknown> {
  const properties = schema?.properties ?? {};
  const base = (valid && typeof valid === 'object' ? valid : {}) as Record<string, unknown>;
  const names = [...new Set([...Object.keys(properties), ...Object.keys(base)])];
  const mutated = fc
    .record(Object.fromEntries(names.map((name) => [name, fc.option(wrongFor(properties[name] ?? {}), { freq: 2 })])))
    .chain((changes) =>
      fc.dictionary(fc.string({ maxLength: 8 }), hostileValue(), { maxKeys: 2 }).map((extra) => {
        const body: Record<string, unknown> = { ...base, ...extra };
        for (const [name, change] of Object.entries(changes)) if (change !== null) body[name] = change;
        return body;
      }),
    );
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: hostileValue() });
}
