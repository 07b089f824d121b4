import { describe, expect, it } from 'vitest';
import { quietRuns, type Run } from './report';
import type { RunFigures } from './summary';

// bench:load gives the ratios over every repetition and, beside them, over the repetitions in
// which the hypervisor took (almost) nothing from any of the targets compared.
const target = (kind: RunFigures['kind'], machineSteal: number | null) => ({ kind, machineSteal }) as RunFigures;
const run = (bare: number | null, floor: number | null | 'skipped', product: number | null): Run => ({
  bare: target('bare', bare),
  floor: floor === 'skipped' ? null : target('floor', floor),
  product: target('product', product),
});

describe('quietRuns', () => {
  it('keeps the repetitions where every target measured ran with less than 2% stolen', () => {
    const calm = run(0.001, 0.0, 0.019);
    const noFloor = run(0.0, 'skipped', 0.005);
    expect(quietRuns([calm, noFloor])).toEqual([calm, noFloor]);
  });

  it('drops a repetition when any one target was slowed, or when steal is unknown', () => {
    expect(quietRuns([run(0.0, 0.0, 0.217), run(0.02, 0.0, 0.0), run(0.0, 0.05, 0.0), run(null, 0.0, 0.0)])).toEqual([]);
  });
});
