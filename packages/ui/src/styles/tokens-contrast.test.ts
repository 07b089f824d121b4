// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The colour pairs the screens draw, read from tokens.css itself for both themes: text at least
// 4.5:1 (WCAG AA) on what it sits on, and the identity colours under their initials and as
// names. A new dark value that breaks one fails here, before any screen is looked at.

const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('\n}', start));
  return Object.fromEntries(Array.from(body.matchAll(/(--[\w-]+):\s*([^;]+);/g), (m) => [m[1]!, m[2]!.trim()]));
}

const light = block(':root');
const dark = { ...light, ...block(":root[data-theme='dark']") };

function resolve(tokens: Record<string, string>, name: string): string {
  const value = tokens[name];
  if (!value) throw new Error(`no ${name}`);
  const reference = value.match(/^var\((--[\w-]+)\)$/);
  return reference ? resolve(tokens, reference[1]!) : value;
}

function luminance(hex: string): number {
  const channels = hex
    .replace('#', '')
    .match(/../g)!
    .map((pair) => parseInt(pair, 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

function contrast(tokens: Record<string, string>, a: string, b: string): number {
  const [x, y] = [luminance(resolve(tokens, a)), luminance(resolve(tokens, b))].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

const SURFACES = ['--ui-color-bg', '--ui-color-surface', '--ui-color-surface-muted', '--ui-color-surface-hover'];
/** [text, background] pairs that must reach 4.5:1. */
const TEXT_PAIRS: [string, string][] = [
  ...['--ui-color-text', '--ui-color-text-muted', '--ui-color-primary', '--ui-color-danger-600', '--ui-color-accent-600'].flatMap((text) =>
    SURFACES.map((surface): [string, string] => [text, surface]),
  ),
  // One's own bubble: its text, time and links.
  ['--ui-color-text', '--ui-color-brand-100'],
  ['--ui-color-text-muted', '--ui-color-brand-100'],
  ['--ui-color-accent-600', '--ui-color-brand-100'],
  ['--ui-color-brand-700', '--ui-color-brand-100'],
  // A bubble that mentions me, the chips of a selected filter, the soft status panels.
  ['--ui-color-text', '--ui-color-warning-50'],
  ['--ui-color-text', '--ui-color-warning-200'],
  ['--ui-color-primary', '--ui-color-primary-soft'],
  ['--ui-color-warning-600', '--ui-color-warning-50'],
  ['--ui-color-danger-600', '--ui-color-danger-50'],
  ['--ui-color-danger-500', '--ui-color-surface'],
  // Solid buttons and badges.
  ['--ui-color-text-on-brand', '--ui-color-primary'],
  ['--ui-color-text-on-solid', '--ui-color-danger-500'],
  ['--ui-color-text-on-solid', '--ui-color-warning-600'],
  ['--ui-color-inverse-text', '--ui-color-inverse-surface'],
];

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, tokens) => {
  it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1', (text, background) => {
    expect(contrast(tokens, text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(SURFACES)('draws the edge of a control at 3:1 on %s', (surface) => {
    expect(contrast(tokens, '--ui-color-border-strong', surface)).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['--ui-rgb-primary', '--ui-color-primary'],
    ['--ui-rgb-surface', '--ui-color-surface'],
    ['--ui-rgb-text', '--ui-color-text'],
  ])('gives %s the channels of %s', (channels, colour) => {
    const hex = resolve(tokens, colour).replace('#', '');
    const expected = hex
      .match(/../g)!
      .map((pair) => parseInt(pair, 16))
      .join(', ');
    expect(resolve(tokens, channels)).toBe(expected);
  });

  it('keeps white initials and the names of senders readable on every identity colour', () => {
    for (let i = 0; i < 10; i += 1) {
      expect(contrast(tokens, '--ui-color-white', `--ui-identity-${i}`), `fill ${i}`).toBeGreaterThanOrEqual(4.5);
      for (const bubble of ['--ui-color-surface', '--ui-color-warning-50']) {
        expect(contrast(tokens, `--ui-identity-text-${i}`, bubble), `name ${i} on ${bubble}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the read tick visible on one’s own bubble (3:1)', () => {
    expect(contrast(tokens, '--ui-color-accent-500', '--ui-color-brand-100')).toBeGreaterThanOrEqual(3);
  });
});
