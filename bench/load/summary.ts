import { type HistogramBucket, histogramQuantile, percentile } from '../measure';
import type { ServerStats, WorkerResult } from './protocol';

// One run's figures from its workers' results and the server processes' stats.

export interface RunFigures {
  kind: 'product' | 'bare' | 'floor';
  sockets: number;
  accepted: number;
  throughput: number;
  deliverP50: number;
  deliverP90: number;
  deliverP99: number;
  deliverMax: number;
  answerP50: number;
  answerP99: number;
  lost: number;
  duplicated: number;
  caughtUp: number;
  httpErrors: number;
  /** Server RSS / heap growth per connected socket (after a GC before and after connecting), KiB. */
  rssPerSocketKiB: number;
  heapPerSocketKiB: number;
  serverRssMiB: number;
  /** Server CPU time per accepted message, ms (all server processes, measured phase only). */
  cpuPerMessageMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /**
   * Ms per second of the measured phase that an event loop was ready to run and waited for one of
   * the machine's cores (run-queue wait, /proc/<pid>/schedstat): the worst server process and the
   * client processes' mean; null off Linux and, for the server, after a restart.
   */
  serverRunQueueMsPerS: number | null;
  clientRunQueueMsPerS: number | null;
  /** The worst server process's collections over the measured phase (ServerStats.gc; after a restart, the new process's since its start). */
  gc: ServerStats['gc'];
  /**
   * The send path's p99 inside the server (request read to response sent), from the product's own
   * histogram over the measured phase, as an operator's Prometheus would read it: it leaves out the
   * clients, which share this machine's cores; null for the bare pipeline, the floor and a restart.
   */
  serverSendP99Ms: number | null;
  /**
   * Where the rest of a p99 goes, each its own p99 (they do not add up): the clients' lateness in
   * writing a send (a client process on this machine, niced, waits for the cores), the request's wait
   * from that write to the server reading it (the server's busy event loop; null but for the
   * product, the worst process; null after a restart), and send -> delivered counted from the write
   * instead of the schedule.
   */
  issueLagP99Ms: number;
  readWaitP99Ms: number | null;
  deliverFromIssueP99Ms: number;
  /** --restart: seconds from the new process listening until the last socket was back; null otherwise. */
  reconnectAllS: number | null;
  /**
   * --restart: sockets back (connected and caught up) when counting began, and within 30 s of the
   * new process listening (the target in docs/desempenho.md, Metas).
   */
  reconnected: number | null;
  reconnectedIn30s: number | null;
  /** --restart: sockets not back when the wait (--reconnect-wait) ended. */
  notBack: number | null;
  /**
   * --restart: seconds until 50, 90, 99 and 100% of the sockets were back, from the new process
   * listening and from the old one being asked to stop (SIGTERM); null when that share never came back.
   */
  backFromListenS: BackTimes | null;
  backFromStopS: BackTimes | null;
  /** Client processes' CPU over the measured phase (all of them, ms) and their worst event-loop delay p99: are the clients the bottleneck? */
  clientCpuMs: number;
  clientLoopDelayP99Ms: number;
  /** --restart: app.close() of the old process and the new process's start until it listens, seconds. */
  stopS: number | null;
  startS: number | null;
  /**
   * --restart: the CPU of the process that started after the restart, from its start to the end of
   * the measured phase (its start, the reconnection wave with the catch-up, the rest of the sends), seconds.
   */
  restartedCpuS: number | null;
  /**
   * The share of the machine's CPU time the hypervisor gave to other guests during the measured
   * phase (/proc/stat steal, all cores; null off Linux). On shared virtual machines it can climb
   * from nothing to a third of the CPU within minutes, raising every latency of the product with
   * it (docs/desempenho.md, Como medir).
   */
  machineSteal: number | null;
}

export interface BackTimes {
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p100: number | null;
}

/** Seconds from `origin` until each share of `total` sockets was back (the share's last socket). */
export function backTimes(backAt: readonly number[], total: number, origin: number): BackTimes {
  const sorted = [...backAt].sort((a, b) => a - b);
  const at = (share: number) => {
    const k = Math.ceil(share * total);
    return k <= sorted.length ? (sorted[k - 1]! - origin) / 1000 : null;
  };
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), p100: at(1) };
}

/** When the restart happened: the old process asked to stop, gone, and the new one listening (epoch ms). */
export interface RestartTimes {
  stopAskedAt: number;
  stoppedAt: number;
  readyAt: number;
}

/** Server stats at four moments of a run: seeded, sockets connected, measured phase start and end. */
export interface StatsTimeline {
  seeded: ServerStats[];
  connected: ServerStats[];
  start: ServerStats[];
  end: ServerStats[];
}

const total = (stats: ServerStats[], f: (s: ServerStats) => number) => stats.reduce((n, s) => n + f(s), 0);

/** p99 of the sends between two readings of the same processes' histograms (summed over processes), ms. */
function sendP99Ms(start: ServerStats[], end: ServerStats[]): number | null {
  const sum = (stats: ServerStats[]) => {
    const counts = new Map<string, number>();
    for (const { sendBuckets } of stats) for (const { le, count } of sendBuckets ?? []) counts.set(le, (counts.get(le) ?? 0) + count);
    return counts;
  };
  const [before, after] = [sum(start), sum(end)];
  if (after.size === 0) return null;
  const phase: HistogramBucket[] = [...after].map(([le, count]) => ({ le, count: count - (before.get(le) ?? 0) }));
  const p99 = histogramQuantile(0.99, phase);
  return Number.isNaN(p99) ? null : p99 * 1000;
}

function serverRunQueueMsPerS(start: ServerStats[], end: ServerStats[], elapsedS: number): number | null {
  const waits = end.map((s, i) =>
    s.runQueueWaitMs === null || start[i]!.runQueueWaitMs === null ? null : s.runQueueWaitMs - start[i]!.runQueueWaitMs,
  );
  return waits.some((w) => w === null) ? null : Math.max(...(waits as number[])) / elapsedS;
}

function clientRunQueueMsPerS(results: WorkerResult[], elapsedS: number): number | null {
  const waits = results.map((r) => r.runQueueWaitMs);
  return waits.some((w) => w === null) ? null : (waits as number[]).reduce((a, b) => a + b, 0) / results.length / elapsedS;
}

/** The worst process's read wait p99, null where no process measured it (bare pipeline, floor). */
function readWaitP99Ms(end: ServerStats[]): number | null {
  const measured = end.flatMap((s) => (s.readWaitP99Ms === undefined ? [] : [s.readWaitP99Ms]));
  return measured.length === 0 ? null : Math.max(...measured);
}

export function figures(
  kind: RunFigures['kind'],
  sockets: number,
  results: WorkerResult[],
  stats: StatsTimeline,
  restart: RestartTimes | null,
  machineSteal: number | null,
): RunFigures {
  const restartReadyAt = restart?.readyAt ?? null;
  const deliver = results.flatMap((r) => r.deliver);
  const answer = results.flatMap((r) => r.answer);
  const sum = (f: (r: WorkerResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const accepted = sum((r) => r.accepted);
  const elapsedS = (Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt))) / 1000;
  const perSocket = (f: (s: ServerStats) => number) => (total(stats.connected, f) - total(stats.seeded, f)) / 1024 / sockets;
  const reconnected = results.flatMap((r) => r.backAt);
  return {
    kind,
    sockets,
    accepted,
    throughput: accepted / elapsedS,
    deliverP50: percentile(deliver, 50),
    deliverP90: percentile(deliver, 90),
    deliverP99: percentile(deliver, 99),
    deliverMax: percentile(deliver, 100),
    answerP50: percentile(answer, 50),
    answerP99: percentile(answer, 99),
    lost: sum((r) => r.lost),
    duplicated: sum((r) => r.duplicated),
    caughtUp: sum((r) => r.caughtUp),
    httpErrors: sum((r) => r.httpErrors),
    rssPerSocketKiB: perSocket((s) => s.rssBytes),
    heapPerSocketKiB: perSocket((s) => s.heapUsedBytes),
    serverRssMiB: total(stats.connected, (s) => s.rssBytes) / 2 ** 20,
    // After a restart the processes at the end are not those at the start.
    cpuPerMessageMs:
      restartReadyAt !== null
        ? Number.NaN
        : (total(stats.end, (s) => s.cpuMicros) - total(stats.start, (s) => s.cpuMicros)) / 1000 / Math.max(1, accepted),
    loopDelayP99Ms: Math.max(...stats.end.map((s) => s.loopDelayP99Ms)),
    loopDelayMaxMs: Math.max(...stats.end.map((s) => s.loopDelayMaxMs)),
    serverRunQueueMsPerS: restart ? null : serverRunQueueMsPerS(stats.start, stats.end, elapsedS),
    clientRunQueueMsPerS: clientRunQueueMsPerS(results, elapsedS),
    gc: stats.end.reduce((worst, s) => (s.gc.totalMs > worst.totalMs ? s.gc : worst), stats.end[0]!.gc),
    serverSendP99Ms: restart ? null : sendP99Ms(stats.start, stats.end),
    issueLagP99Ms: percentile(
      results.flatMap((r) => r.issueLag),
      99,
    ),
    // The process started by a restart was never reset: its waits would include its reconnection wave.
    readWaitP99Ms: restart ? null : readWaitP99Ms(stats.end),
    deliverFromIssueP99Ms: percentile(
      results.flatMap((r) => r.deliverFromIssue),
      99,
    ),
    reconnectAllS: restartReadyAt === null || reconnected.length === 0 ? null : (Math.max(...reconnected) - restartReadyAt) / 1000,
    reconnected: restart ? reconnected.length : null,
    reconnectedIn30s: restart ? reconnected.filter((t) => t - restart.readyAt <= 30_000).length : null,
    notBack: restart ? sum((r) => r.notBack) : null,
    backFromListenS: restart ? backTimes(reconnected, sockets, restart.readyAt) : null,
    backFromStopS: restart ? backTimes(reconnected, sockets, restart.stopAskedAt) : null,
    clientCpuMs: sum((r) => r.cpuMicros) / 1000,
    clientLoopDelayP99Ms: Math.max(...results.map((r) => r.loopDelayP99Ms)),
    stopS: restart ? (restart.stoppedAt - restart.stopAskedAt) / 1000 : null,
    startS: restart ? (restart.readyAt - restart.stoppedAt) / 1000 : null,
    restartedCpuS: restart ? stats.end[0]!.cpuMicros / 1e6 : null,
    machineSteal,
  };
}
