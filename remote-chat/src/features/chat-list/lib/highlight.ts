// Accent- and case-insensitive highlighting of a search term, as the server matches it
// (server/src/lib/search.ts): 'reuniao' marks 'Reunião'. Texts are compared as arrays of code
// points, each folded on its own, so a position in the folded text is a position in the original.

const foldChar = (c: string) => (Array.from(c.normalize('NFD'))[0] ?? c).toLowerCase();
const folded = (text: string) => Array.from(text, foldChar);

/** Code-point index of every occurrence of `term` in `text` (not overlapping). */
function matchStarts(chars: string[], needle: string[]): number[] {
  const starts: number[] = [];
  if (needle.length === 0) return starts;
  for (let i = 0; i + needle.length <= chars.length;) {
    if (needle.every((c, k) => chars[i + k] === c)) {
      starts.push(i);
      i += needle.length;
    } else i += 1;
  }
  return starts;
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** `text` cut into matching and non-matching parts. */
export function highlightParts(text: string, term: string): TextPart[] {
  const chars = Array.from(text);
  const needle = folded(term.trim());
  const parts: TextPart[] = [];
  let last = 0;
  for (const start of matchStarts(folded(text), needle)) {
    if (start > last) parts.push({ text: chars.slice(last, start).join(''), match: false });
    parts.push({ text: chars.slice(start, start + needle.length).join(''), match: true });
    last = start + needle.length;
  }
  if (last < chars.length) parts.push({ text: chars.slice(last).join(''), match: false });
  return parts;
}

const isSpace = (c: string | undefined) => c !== undefined && /\s/u.test(c);

/** The first index in [from, to] (walking by `step`) where a word starts, or undefined. */
function wordStartBetween(chars: string[], from: number, to: number, step: 1 | -1): number | undefined {
  for (let i = from; step > 0 ? i <= to : i >= to; i += step) if (i === 0 || (isSpace(chars[i - 1]) && !isSpace(chars[i]))) return i;
  return undefined;
}

/**
 * A window of a long message around its first match, so that the match shows in the result's two
 * lines. It starts and ends between words, unless a word is too long for the window.
 */
export function snippetAround(text: string, term: string, before = 12, max = 160): string {
  const chars = Array.from(text);
  const needle = folded(term.trim());
  const at = matchStarts(folded(text), needle)[0] ?? 0;
  const cut = Math.max(0, at - before);
  const start = wordStartBetween(chars, cut, at, 1) ?? wordStartBetween(chars, cut, Math.max(0, cut - before), -1) ?? cut;
  let end = Math.min(chars.length, start + max);
  if (end < chars.length) {
    const matchEnd = at + needle.length;
    let space = end;
    while (space > matchEnd && !isSpace(chars[space])) space -= 1;
    if (space > matchEnd) end = space;
  }
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('').trimEnd()}${end < chars.length ? '…' : ''}`;
}
