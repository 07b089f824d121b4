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

// --push compares the product with Web Push on and off (push-run.ts): neither base nor floor.
describe('parseOptions --push', () => {
  const parse = (...argv: string[]) => parseOptions(argv, {});

  it('is off unless asked; when asked, runs no base or floor', () => {
    expect(parse().push).toBe(false);
    expect(parse('--push')).toMatchObject({ push: true, skipBare: true, skipFloor: true });
  });

  it('measures one process, without a restart', () => {
    expect(() => parse('--push', '--processes', '2')).toThrow('--push mede um processo, sem --restart');
    expect(() => parse('--push', '--rate', '10', '--restart')).toThrow('--push mede um processo, sem --restart');
  });
});
