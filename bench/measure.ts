import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// Timing helpers of the bench: bounded loops, percentiles by nearest rank.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** One bucket of a Prometheus histogram: cumulative count up to `le` (seconds, or '+Inf'). */
export interface HistogramBucket {
  le: string;
  count: number;
}

/**
 * The q-quantile (0 to 1) of a Prometheus histogram, read as PromQL's histogram_quantile() reads
 * it: linear inside the bucket the rank falls in (the first from 0), the highest finite bound when
 * it falls in +Inf. Counts are cumulative, bounds ascending with '+Inf' last; NaN when empty.
 */
export function histogramQuantile(q: number, buckets: readonly HistogramBucket[]): number {
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return Number.NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of buckets) {
    if (le === '+Inf') return lower;
    const upper = Number(le);
    if (count >= rank) return lower + ((upper - lower) * (rank - below)) / (count - below);
    lower = upper;
    below = count;
  }
  return lower;
}

/** The machine's CPU time so far, all cores (Linux's /proc/stat, in its ticks): how much the hypervisor took. */
export interface MachineCpu {
  steal: number;
  total: number;
}

/**
 * Parses the aggregate `cpu` line of /proc/stat (user nice system idle iowait irq softirq steal
 * ...; steal is the 8th field, absent on old kernels). On a virtual machine, steal is the time a
 * core was ready to run this machine's work and the hypervisor ran another guest instead.
 */
export function parseMachineCpu(procStat: string): MachineCpu | null {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  const fields = line?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  if (fields.length < 8 || fields.some((f) => !Number.isFinite(f))) return null;
  // guest and guest_nice (9th, 10th) are already counted in user and nice.
  return { steal: fields[7]!, total: fields.slice(0, 8).reduce((a, b) => a + b, 0) };
}

/** This machine's CPU times now; null where /proc/stat is not there (not Linux). */
export function readMachineCpu(): MachineCpu | null {
  try {
    return parseMachineCpu(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** The share (0 to 1) of the machine's CPU time the hypervisor took between two readings; null without both. */
export function stealShare(before: MachineCpu | null, after: MachineCpu | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (after.steal - before.steal) / (after.total - before.total);
}

/**
 * How long a thread has waited, runnable, for a core (the second field of a /proc/<pid>/schedstat:
 * run-queue wait, ns), in ms; null if the text is not such a line.
 */
export function parseRunQueueWaitMs(schedstat: string): number | null {
  const fields = schedstat.trim().split(/\s+/);
  const waitNs = fields.length === 3 ? Number(fields[1]) : Number.NaN;
  return Number.isFinite(waitNs) ? waitNs / 1e6 : null;
}

/** This process's main thread (its event loop): ms it has waited for a core since it started; null off Linux. */
export function readRunQueueWaitMs(): number | null {
  try {
    return parseRunQueueWaitMs(readFileSync('/proc/self/schedstat', 'utf8'));
  } catch {
    return null;
  }
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times; returns each duration in ms. */
export async function timeEach(iterations: number, warmup: number, fn: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : '-');

/** A plain-text table with aligned columns. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * Rounds of `perRound` calls of each variant, alternated so that both see the same machine
 * (a shared one varies by the minute); the first round only warms up. Returns each variant's CPU
 * and wall time per call, one sample a round.
 */
export async function alternatedRounds<K extends string>(
  names: readonly K[],
  rounds: number,
  perRound: number,
  call: (name: K, i: number) => Promise<unknown>,
): Promise<{ cpu: Record<K, number[]>; wall: Record<K, number[]> }> {
  const cpu = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  const wall = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < perRound; i++) await call(name, i);
      const used = process.cpuUsage(cpuBefore);
      if (round === 0) continue;
      cpu[name].push((used.user + used.system) / 1000 / perRound);
      wall[name].push((performance.now() - started) / perRound);
    }
  }
  return { cpu, wall };
}

/** after / before of each round: "0.90x [0.75-0.91]" (median [min-max]). */
export function ratioOfRounds(before: readonly number[], after: readonly number[]): string {
  const ratios = after.map((v, i) => v / before[i]!).sort((a, b) => a - b);
  return `${median(ratios).toFixed(2)}x [${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}]`;
}
