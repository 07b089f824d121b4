/**
 * Colours that tell people (and groups) apart: an avatar without a photo and a sender's name in a
 * group take the same one, derived from a stable key (the id), as the peers do. Each keeps a
 * contrast of at least 4.5:1 with white, both ways: white initials on it, and it as text on a
 * white bubble.
 */
const IDENTITY_COLORS = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#0369a1',
  '#1d4ed8',
  '#6d28d9',
  '#a21caf',
  '#be185d',
] as const;

/** FNV-1a: a small, well-spread hash; the same key always gives the same colour. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function identityColor(key: string): string {
  return IDENTITY_COLORS[hash(key) % IDENTITY_COLORS.length]!;
}

/** Up to two letters: the first and last words' initials ('Ana Souza' -> 'AS'), or the one word's. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : '';
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0] : '';
  return `${first ?? ''}${last ?? ''}`.toLocaleUpperCase('pt-BR');
}
