import { describe, expect, it } from 'vitest';
import { histogramQuantile, parseMachineCpu, parseRunQueueWaitMs, stealShare } from './measure';

// The load harness reads the server's send p99 from the product's Prometheus histogram
// (bench/load/summary.ts); it must read it as PromQL's histogram_quantile() does.
const buckets = (pairs: Array<[string, number]>) => pairs.map(([le, count]) => ({ le, count }));

describe('histogramQuantile', () => {
  it('interpolates linearly inside the bucket the rank falls in', () => {
    // 100 observations: 50 up to 10 ms, 40 more up to 25 ms, 10 up to 50 ms.
    const h = buckets([
      ['0.01', 50],
      ['0.025', 90],
      ['0.05', 100],
      ['+Inf', 100],
    ]);
    expect(histogramQuantile(0.5, h)).toBeCloseTo(0.01, 10);
    expect(histogramQuantile(0.7, h)).toBeCloseTo(0.01 + 0.015 * (20 / 40), 10);
    expect(histogramQuantile(0.99, h)).toBeCloseTo(0.025 + 0.025 * (9 / 10), 10);
  });

  it('reads the first bucket from 0', () => {
    expect(
      histogramQuantile(
        0.5,
        buckets([
          ['0.002', 10],
          ['+Inf', 10],
        ]),
      ),
    ).toBeCloseTo(0.001, 10);
  });

  it('skips empty buckets and answers the highest finite bound for a rank in +Inf', () => {
    const h = buckets([
      ['0.001', 0],
      ['0.01', 0],
      ['0.1', 98],
      ['+Inf', 100],
    ]);
    expect(histogramQuantile(0.5, h)).toBeCloseTo(0.01 + 0.09 * (50 / 98), 10);
    expect(histogramQuantile(0.99, h)).toBe(0.1);
  });

  it('is NaN for an empty histogram', () => {
    expect(
      histogramQuantile(
        0.99,
        buckets([
          ['0.01', 0],
          ['+Inf', 0],
        ]),
      ),
    ).toBeNaN();
    expect(histogramQuantile(0.99, [])).toBeNaN();
  });
});

// bench:load prints the hypervisor's share of the CPU beside each run (bench/load/summary.ts): on
// these shared machines it moves the figures more than most changes do.
describe('parseMachineCpu and stealShare', () => {
  const stat = (steal: number, idle: number) =>
    `cpu  100 5 50 ${idle} 10 0 5 ${steal} 7 0\ncpu0 50 2 25 ${idle / 2} 5 0 2 ${steal / 2} 3 0\nintr 12345\n`;

  it('reads steal and the total of the aggregate line, guest time not counted twice', () => {
    expect(parseMachineCpu(stat(30, 800))).toEqual({ steal: 30, total: 100 + 5 + 50 + 800 + 10 + 0 + 5 + 30 });
  });

  it('is null for a line without the steal field or a text without the cpu line', () => {
    expect(parseMachineCpu('cpu  100 5 50 800 10 0 5\n')).toBeNull();
    expect(parseMachineCpu('intr 1 2 3\n')).toBeNull();
  });

  it('gives the share of the time between two readings that the hypervisor took', () => {
    const before = parseMachineCpu(stat(30, 800));
    const after = parseMachineCpu(stat(130, 1100));
    // 400 more ticks in all, 100 of them stolen.
    expect(stealShare(before, after)).toBeCloseTo(0.25, 10);
    expect(stealShare(before, null)).toBeNull();
    expect(stealShare(after, before)).toBeNull();
  });
});

// bench:load prints how long the server's and the clients' event loops waited for a core: on 2
// cores shared by the server, the database, Redis and thousands of simulated clients, the tail of
// a run follows it.
describe('parseRunQueueWaitMs', () => {
  it('reads the run-queue wait (the second of the three fields, ns) in ms', () => {
    expect(parseRunQueueWaitMs('3934845 164812000 17\n')).toBe(164.812);
  });

  it('is null for a text that is not a schedstat line', () => {
    expect(parseRunQueueWaitMs('')).toBeNull();
    expect(parseRunQueueWaitMs('3934845 164812000\n')).toBeNull();
    expect(parseRunQueueWaitMs('a b c')).toBeNull();
  });
});
