import { describe, expect, it } from 'vitest';
import { histogramQuantile } from './measure';

// The load harness reads the server's send p99 from the product's Prometheus histogram
// (bench/load/summary.ts); it must read it as PromQL's histogram_quantile() does.
const buckets = (pairs: Array<[string, number]>) => pairs.map(([le, count]) => ({ le, count }));

describe('histogramQuantile', () => {
  it('interpolates linearly inside the bucket the rank falls in', () => {
    // 100 observations: 50 up to 10 ms, 40 more up to 25 ms, 10 up to 50 ms.
    const h = buckets([['0.01', 50], ['0.025', 90], ['0.05', 100], ['+Inf', 100]]);
    expect(histogramQuantile(0.5, h)).toBeCloseTo(0.01, 10);
    expect(histogramQuantile(0.7, h)).toBeCloseTo(0.01 + 0.015 * (20 / 40), 10);
    expect(histogramQuantile(0.99, h)).toBeCloseTo(0.025 + 0.025 * (9 / 10), 10);
  });

  it('reads the first bucket from 0', () => {
    expect(histogramQuantile(0.5, buckets([['0.002', 10], ['+Inf', 10]]))).toBeCloseTo(0.001, 10);
  });

  it('skips empty buckets and answers the highest finite bound for a rank in +Inf', () => {
    const h = buckets([['0.001', 0], ['0.01', 0], ['0.1', 98], ['+Inf', 100]]);
    expect(histogramQuantile(0.5, h)).toBeCloseTo(0.01 + 0.09 * (50 / 98), 10);
    expect(histogramQuantile(0.99, h)).toBe(0.1);
  });

  it('is NaN for an empty histogram', () => {
    expect(histogramQuantile(0.99, buckets([['0.01', 0], ['+Inf', 0]]))).toBeNaN();
    expect(histogramQuantile(0.99, [])).toBeNaN();
  });
});
