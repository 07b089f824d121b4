import { describe, expect, it } from 'vitest';
import { parseOptions } from './options';

// --durability lets the harness measure PGlite without fsync, to tell the disk's share of a
// figure from the product's own; the targets are measured strict.
describe('parseOptions --durability', () => {
  const parse = (...argv: string[]) => parseOptions(argv, {});

  it('is strict unless asked, on either engine', () => {
    expect(parse().durability).toBe('strict');
    expect(parse('--engine', 'pglite').durability).toBe('strict');
  });

  it('takes fast for PGlite', () => {
    expect(parse('--engine', 'pglite', '--durability', 'fast').durability).toBe('fast');
  });

  it('refuses fast for PostgreSQL, whose commits the harness does not change, and any other value', () => {
    expect(() => parse('--engine', 'postgres', '--durability', 'fast')).toThrow('--durability fast só vale para PGlite');
    expect(() => parse('--engine', 'pglite', '--durability', 'relaxed')).toThrow('--durability deve ser strict ou fast');
  });
});
