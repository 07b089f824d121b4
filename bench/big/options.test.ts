import { describe, expect, it } from 'vitest';
import { parseBigOptions } from './options';

// bench:big runs the full team on both engines unless told otherwise; --quick shrinks every part
// of the shape at once, and a shape that cannot be built is refused before anything starts.
describe('parseBigOptions', () => {
  const parse = (...argv: string[]) => {
    const options = parseBigOptions(argv, {});
    if (options === 'help') throw new Error('help');
    return options;
  };

  it('measures the full team on both engines by default', () => {
    const o = parse();
    expect(o.engines).toEqual(['pglite', 'postgres']);
    expect(o.shape).toEqual({ members: 5000, groupMembers: 1000, unread: 1000, heavyConversations: 500, heavyGroups: 100 });
    expect([o.looking, o.rate, o.durationS, o.baselineS]).toEqual([300, 2, 60, 30]);
    expect(o.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/postgres');
  });

  it('shrinks the shape with --quick, keeping any size given', () => {
    const o = parse('--quick', '--engine', 'postgres', '--looking', '10');
    expect(o.engines).toEqual(['postgres']);
    expect(o.shape.members).toBe(500);
    expect(o.shape.groupMembers).toBe(100);
    expect(o.looking).toBe(10);
    expect(o.durationS).toBe(10);
    expect(o.baselineS).toBe(10);
  });

  it('refuses a shape that cannot be built', () => {
    expect(() => parse('--members', '100', '--group', '100')).toThrow('--group deve ser menor que --members');
    expect(() => parse('--quick', '--looking', '100')).toThrow('--looking deve ser menor que --group');
    expect(() => parse('--engine', 'mysql')).toThrow('--engine deve ser both, postgres ou pglite');
    expect(() => parse('--duration', '0')).toThrow('--duration deve ser um inteiro de 1 ou mais');
  });

  it('answers help', () => {
    expect(parseBigOptions(['--help'], {})).toBe('help');
  });
});
