import { describe, expect, it } from 'vitest';
import { misses } from './report';
import type { FaultFigures } from './tally';

// The drill's exit code comes from these misses: each target must be able to fail it.

const clean: FaultFigures = {
  run: 1,
  fault: 'redis',
  acknowledged: 100,
  unacknowledged: 0,
  storedOnce: 100,
  duplicated: 0,
  acknowledgedNotStored: 0,
  shownLive: 98,
  shownCatchUp: 2,
  lost: 0,
  failedSends: { 500: 3 },
  catchUpFailures: 0,
  partBackMs: 300,
  recoveryMs: 1200,
};

describe('misses', () => {
  it('finds nothing in a fault that met every target', () => {
    expect(misses(clean)).toEqual([]);
  });

  it('names every missed target', () => {
    expect(misses({ ...clean, lost: 1 })).toEqual(['1 perdida(s)']);
    expect(misses({ ...clean, duplicated: 1 })).toEqual(['1 duplicada(s)']);
    expect(misses({ ...clean, acknowledgedNotStored: 1 })).toEqual(['1 confirmada(s) sem registro no banco']);
    expect(misses({ ...clean, unacknowledged: 4 })).toEqual(['4 nunca confirmada(s)']);
    expect(misses({ ...clean, recoveryMs: 10_000 })).toEqual(['recuperação 10.0 s']);
    expect(misses({ ...clean, recoveryMs: null })).toEqual(['recuperação nunca']);
  });
});
