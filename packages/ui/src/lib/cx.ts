export type ClassValue = string | false | null | undefined | 0;

/** Joins truthy class names; callers pass their own className last so it wins. */
export function cx(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
