// Message text formatting (docs/produto.md, Validação e limites): *bold*, _italic_, ~strike~, and
// words starting with http:// or https:// as links; mention tokens `<@id>` become mention nodes.
// The result is a tree of plain data that the renderer turns into React elements, so no text ever
// becomes HTML.

import { MENTION_ALL } from '@chat/contracts';

export type FormatKind = 'bold' | 'italic' | 'strike';

export type TextNode =
  | { type: 'text'; text: string }
  | { type: FormatKind; children: TextNode[] }
  | { type: 'link'; href: string; text: string }
  | { type: 'mention'; target: string };

const MENTION_AT = /^<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|todos)>/i;

const MARKERS: Record<string, FormatKind> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MAX_DEPTH = 8;
const URL_START = /^https?:\/\//i;
const URL_WORD = /^https?:\/\/\S+/i;
// Punctuation that ends a sentence rather than the address.
const URL_TRAILING = /[.,;:!?)\]}'"*_~]+$/;

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** Only http(s) addresses with a host become links; anything else stays text. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return url.href;
  } catch {
    // not a URL
  }
  return null;
}

function linkAt(s: string, i: number): { href: string; text: string } | null {
  const prev = s[i - 1];
  if (prev !== undefined && !isSpace(prev) && !(prev in MARKERS) && prev !== '(') return null;
  if (!URL_START.test(s.slice(i, i + 8))) return null;
  const word = URL_WORD.exec(s.slice(i))?.[0] ?? '';
  const text = word.replace(URL_TRAILING, '');
  const href = safeHref(text);
  return href ? { href, text } : null;
}

/** A marker opens when it precedes a non-space and does not sit inside a word (snake_case). */
function isOpener(s: string, i: number, marker: string): boolean {
  const next = s[i + 1];
  return next !== undefined && !isSpace(next) && next !== marker && !isWordChar(s[i - 1]);
}

function findCloser(s: string, from: number, marker: string): number {
  for (let j = from + 2; j < s.length; j += 1) {
    if (s[j] === marker && !isSpace(s[j - 1]) && !isWordChar(s[j + 1])) return j;
  }
  return -1;
}

function parse(s: string, depth: number): TextNode[] {
  const nodes: TextNode[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) nodes.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < s.length) {
    const mention = s[i] === '<' ? MENTION_AT.exec(s.slice(i)) : null;
    if (mention) {
      flush();
      nodes.push({ type: 'mention', target: mention[1]!.toLowerCase() });
      i += mention[0].length;
      continue;
    }
    const link = linkAt(s, i);
    if (link) {
      flush();
      nodes.push({ type: 'link', ...link });
      i += link.text.length;
      continue;
    }
    const ch = s[i]!;
    const kind = MARKERS[ch];
    if (kind && depth < MAX_DEPTH && isOpener(s, i, ch)) {
      const end = findCloser(s, i, ch);
      if (end !== -1) {
        flush();
        nodes.push({ type: kind, children: parse(s.slice(i + 1, end), depth + 1) });
        i = end + 1;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return nodes;
}

export function parseFormattedText(text: string): TextNode[] {
  return parse(text, 0);
}

/** How a mention reads: '@todos', or '@' and the member's name ('@alguém' for someone unknown here). */
export function mentionLabel(target: string, nameOf: (id: string) => string | undefined): string {
  return target === MENTION_ALL ? `@${MENTION_ALL}` : `@${nameOf(target) ?? 'alguém'}`;
}

function plain(nodes: TextNode[], nameOf: (id: string) => string | undefined): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return node.text;
        case 'link':
          return node.text;
        case 'mention':
          return mentionLabel(node.target, nameOf);
        default:
          return plain(node.children, nameOf);
      }
    })
    .join('');
}

/** The text as it reads, without formatting markers and with mentions as names (the chat list's preview). */
export function plainText(text: string, nameOf: (id: string) => string | undefined = () => undefined): string {
  return plain(parseFormattedText(text), nameOf);
}
