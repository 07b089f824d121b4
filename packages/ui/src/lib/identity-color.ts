/**
 * Colours that tell people (and groups) apart: an avatar without a photo and a sender's name in a
 * group take the same hue, derived from a stable key (the id), as the peers do. The values are
 * tokens (@chat/ui/styles.css, --ui-identity-*), so each theme sets its own: a fill keeps at
 * least 4.5:1 with its white initials, a name at least 4.5:1 on the bubbles it is written on.
 */
const IDENTITY_COUNT = 10;

/** FNV-1a: a small, well-spread hash; the same key always gives the same colour. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The fill for a key's avatar (white initials on it). */
export function identityColor(key: string): string {
  return `var(--ui-identity-${hash(key) % IDENTITY_COUNT})`;
}

/** The same hue as a text colour: a sender's name on a message. */
export function identityTextColor(key: string): string {
  return `var(--ui-identity-text-${hash(key) % IDENTITY_COUNT})`;
}

/** Up to two letters: the first and last words' initials ('Ana Souza' -> 'AS'), or the one word's. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : '';
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0] : '';
  return `${first ?? ''}${last ?? ''}`.toLocaleUpperCase('pt-BR');
}
