import { describe, expect, it } from 'vitest';
import { parseOptions } from './options';
import { awayMembers } from './push-run';

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

// --away: the share of members away and subscribed; the second of evenly spread pairs, so each has a peer online.
describe('--away', () => {
  it('is half unless asked and refuses more than half or nothing', () => {
    expect(parseOptions(['--push'], {}).awayShare).toBe(0.5);
    expect(parseOptions(['--push', '--away', '0.1'], {}).awayShare).toBe(0.1);
    expect(() => parseOptions(['--push', '--away', '0.6'], {})).toThrow('--away deve ser uma fração de 0 a 0,5');
    expect(() => parseOptions(['--push', '--away', '0'], {})).toThrow('--away deve ser uma fração de 0 a 0,5');
  });

  it('picks the second member of evenly spread pairs', () => {
    const indexes = (members: number, share: number) => awayMembers(members, share).flatMap((away, i) => (away ? [i] : []));
    expect(indexes(40, 0.5)).toEqual(Array.from({ length: 20 }, (_, p) => 2 * p + 1));
    expect(indexes(40, 0.1)).toEqual([9, 19, 29, 39]);
    expect(indexes(40, 0.25)).toEqual([3, 7, 11, 15, 19, 23, 27, 31, 35, 39]);
  });
});
