/**
 * JSON that cannot end its <script> element or open a comment inside it: every `<`, `>` and `&`
 * is written as a \u escape, which JSON.parse reads back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
