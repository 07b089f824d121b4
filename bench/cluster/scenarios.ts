import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../measure';
import type { BenchMember, WorkerResult } from '../load/protocol';
import { type Cluster, cpuSeconds, metric } from './cluster';
import type { ImageClient } from './image';
import type { ImageReadBack } from './image-protocol';
import { runLoad } from './load';

// What the cluster drill shows, one function per claim (docs/drill.md, "Cluster").

const epochNow = () => performance.timeOrigin + performance.now();
const SOCKETS = 'chat_connected_sockets';
/** Sends a host answered 200 (the send path's histogram). */
const SENT = 'chat_message_send_duration_seconds_count{status="200"}';

export interface Counts {
  accepted: number;
  lost: number;
  duplicated: number;
  /** Sends never accepted (after every retry). */
  failedSends: number;
  /** Attempts that were not answered 200 (retried or not). */
  failedAttempts: number;
  caughtUp: number;
  notBack: number;
}

/** Each failure and loss, in seconds from `origin` (epoch ms), by kind: where in a phase they fell. */
export function timeline(r: WorkerResult, origin: number): string {
  const at = (t: number) => ((t - origin) / 1000).toFixed(1);
  const kinds = Object.entries(r.failedBy).map(([answer, times]) => `${answer}: ${times.map(at).join(' ')}`);
  if (r.lostAt.length > 0) kinds.push(`perdidas (agendadas em): ${r.lostAt.map(at).join(' ')}`);
  return kinds.join('\n    ');
}

const counts = (r: WorkerResult): Counts => ({
  accepted: r.accepted,
  lost: r.lost,
  duplicated: r.duplicated,
  failedSends: r.httpErrors,
  failedAttempts: r.failedAttempts,
  caughtUp: r.caughtUp,
  notBack: r.notBack,
});

/** Sockets on each host (NaN for a host that does not answer). */
const socketsPerHost = (cluster: Cluster) =>
  Promise.all(cluster.apps.map((app) => metric(app, cluster.metricsToken, SOCKETS).catch(() => Number.NaN)));

/** Sends each host answered 200 so far (0 before its first). */
const sentPerHost = (cluster: Cluster) =>
  Promise.all(cluster.apps.map(async (app) => (await metric(app, cluster.metricsToken, SENT)) || 0));

/** Waits (up to 10 s) for the hosts to hold `wanted` sockets; returns what they hold then. */
async function waitSockets(cluster: Cluster, wanted: number[]): Promise<number[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const where = await socketsPerHost(cluster);
    if (where.every((n, i) => n === wanted[i]) || Date.now() > deadline) return where;
    await sleep(200);
  }
}

/** Files under a host's DATA_DIR/media (none when the uploads go to the bucket). */
function localMediaFiles(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'media'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

/**
 * An image across hosts: the receiver's socket is put on app2 (app1 drained while it connects),
 * then the sender uploads and sends through app1 (app2 drained: its socket stays, no new
 * connection goes there). The receiver downloads the bytes from the URL its message event carries.
 */
export async function imageAcrossHosts(cluster: Cluster, client: ImageClient, sender: BenchMember, receiver: BenchMember) {
  const { balancer } = cluster;
  const only = async (host: 'app1' | 'app2', step: () => Promise<void>) => {
    const other = host === 'app1' ? 'app2' : 'app1';
    await balancer.setState(other, 'drain');
    await balancer.waitStatus(other, 'DRAIN');
    try {
      await step();
    } finally {
      await balancer.setState(other, 'ready');
      await balancer.waitStatus(other, 'UP');
    }
  };
  await only('app2', () => client.listen(receiver));
  const sockets = await waitSockets(cluster, [0, 1]);
  const sentBefore = await sentPerHost(cluster);
  let crossing: Awaited<ReturnType<ImageClient['send']>> | undefined;
  await only('app1', async () => {
    crossing = await client.send(sender);
  });
  const sentAfter = await sentPerHost(cluster);
  return {
    ...crossing!,
    sockets,
    sentOn: sentAfter.map((n, i) => n - sentBefore[i]!),
    storeHost: new URL(cluster.store.endpoint).host,
    localFiles: cluster.apps.map((app) => localMediaFiles(app.dataDir)),
  };
}

/** A pair whose sockets sit on different hosts exchanges messages through the balancer. */
export async function crossHost(cluster: Cluster, pair: BenchMember[]) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    let split = false;
    let where: number[] = [];
    const phase = await runLoad(
      cluster,
      { members: pair, mode: 'closed', messages: 10, reconnect: false },
      {
        connected: async () => {
          where = await socketsPerHost(cluster);
          split = where[0] === 1 && where[1] === 1;
        },
      },
    );
    if (split) return { where, ...counts(phase.result), deliverP50Ms: percentile(phase.result.deliver, 50) };
    console.log(`  tentativa ${attempt}: os dois sockets no mesmo host (${where.join('/')}), de novo`);
  }
  throw new Error('o balanceador nunca pôs os dois sockets em hosts diferentes');
}

/**
 * app1's process SIGKILLed under load: its sockets come back through the balancer on app2.
 * `whileDown` runs once HAProxy has app1 down, before app1 starts again.
 */
export async function killHost(
  cluster: Cluster,
  members: BenchMember[],
  rate: number,
  durationS: number,
  whileDown?: () => Promise<ImageReadBack>,
) {
  const [app1] = cluster.apps;
  let before: number[] = [];
  let after: number[] = [];
  let killedAt = 0;
  let readWhileDown: ImageReadBack | null = null;
  const phase = await runLoad(
    cluster,
    { members, mode: 'open', rate, durationS, reconnect: true },
    {
      connected: async () => {
        before = await socketsPerHost(cluster);
      },
      ended: async () => {
        after = await socketsPerHost(cluster);
      },
      during: async () => {
        await sleep((durationS * 1000) / 3);
        killedAt = epochNow();
        await app1.kill();
        // From the kill (the wait starts right after it) to HAProxy's checks having it down.
        const markedDownS = (await cluster.balancer.waitStatus('app1', 'DOWN')) / 1000;
        readWhileDown = (await whileDown?.()) ?? null;
        return markedDownS;
      },
    },
  );
  if (phase.result.failedAttempts + phase.result.lost > 0)
    console.log(`  em segundos desde a morte:\n    ${timeline(phase.result, killedAt)}`);
  const back = phase.result.backAt.map((at) => (at - killedAt) / 1000).filter((s) => s >= 0);
  const result = {
    before,
    after,
    moved: back.length,
    markedDownS: phase.during ?? Number.NaN,
    backP50S: back.length > 0 ? percentile(back, 50) : Number.NaN,
    backMaxS: back.length > 0 ? Math.max(...back) : Number.NaN,
    readWhileDown: readWhileDown as ImageReadBack | null,
    ...counts(phase.result),
  };
  // Back to two hosts for what follows.
  await app1.start();
  await cluster.balancer.waitStatus('app1', 'UP');
  return result;
}

export interface Replacement {
  host: string;
  /** SIGTERM -> exit (drain, sockets moved, close). */
  stopS: number;
  exitCode: number | null;
  /** Start -> /api/health 200. */
  startS: number;
  /** Healthy -> HAProxy has it UP again (rise 2). */
  upS: number;
}

/** Every process SIGTERMed and started again in turn, under load through the balancer. */
export async function rollingUpgrade(cluster: Cluster, members: BenchMember[], rate: number, durationS: number) {
  let loadEnd = 0;
  let upgradeEnd = 0;
  let loadStart = 0;
  const phase = await runLoad(
    cluster,
    { members, mode: 'open', rate, durationS, reconnect: true },
    {
      during: async () => {
        loadStart = epochNow();
        void watchStates(
          cluster,
          () => (epochNow() - loadStart) / 1000,
          () => upgradeEnd > 0,
        );
        loadEnd = loadStart + durationS * 1000;
        await sleep(5000);
        const replaced: Replacement[] = [];
        for (const [i, app] of cluster.apps.entries()) {
          const host = `app${i + 1}`;
          const t0 = performance.now();
          console.log(`  SIGTERM em ${host} aos ${((epochNow() - loadStart) / 1000).toFixed(1)} s da carga`);
          const exitCode = await app.stop();
          const t1 = performance.now();
          await app.start();
          const t2 = performance.now();
          await cluster.balancer.waitStatus(host, 'UP');
          const t3 = performance.now();
          replaced.push({ host, stopS: (t1 - t0) / 1000, exitCode, startS: (t2 - t1) / 1000, upS: (t3 - t2) / 1000 });
          console.log(
            `  ${host} trocado: encerrou em ${((t1 - t0) / 1000).toFixed(1)} s (código ${exitCode}), de volta ao balanceador ${((t3 - t1) / 1000).toFixed(1)} s depois`,
          );
        }
        upgradeEnd = epochNow();
        return replaced;
      },
    },
  );
  if (phase.result.failedAttempts + phase.result.lost > 0)
    console.log(`  em segundos desde o início da carga:\n    ${timeline(phase.result, loadStart)}`);
  return { replaced: phase.during ?? [], upgradeInsideLoad: upgradeEnd <= loadEnd, ...counts(phase.result) };
}

/** Prints each change of a server's state in HAProxy, with `clock()` seconds, until `done()`. */
async function watchStates(cluster: Cluster, clock: () => number, done: () => boolean): Promise<void> {
  const last = new Map<string, string>();
  while (!done()) {
    for (const stat of await cluster.balancer.stats().catch(() => [])) {
      if (last.get(stat.name) !== stat.status) console.log(`    HAProxy: ${stat.name} ${stat.status} aos ${clock().toFixed(1)} s`);
      last.set(stat.name, stat.status);
    }
    await sleep(100);
  }
}

export interface HostFigures {
  host: string;
  /** What HAProxy sent it during the run (its `stot`: each HTTP request and each websocket counts one). */
  sessions: number;
  cpuS: number;
}

/** Closed-loop throughput through the balancer on `hosts` application hosts (the other in maintenance). */
export async function throughput(cluster: Cluster, members: BenchMember[], messages: number, hosts: 1 | 2) {
  const { balancer, apps } = cluster;
  if (hosts === 1) {
    await balancer.setState('app2', 'maint');
    await balancer.waitStatus('app2', 'MAINT');
  }
  try {
    const statsBefore = await balancer.stats();
    const cpuBefore = apps.map((app) => cpuSeconds(app.pid));
    const phase = await runLoad(cluster, { members, mode: 'closed', messages, reconnect: false });
    const statsAfter = await balancer.stats();
    const perHost: HostFigures[] = apps.map((app, i) => {
      const name = `app${i + 1}`;
      const sessions = (statsAfter.find((s) => s.name === name)?.sessions ?? 0) - (statsBefore.find((s) => s.name === name)?.sessions ?? 0);
      return { host: name, sessions, cpuS: cpuSeconds(app.pid) - cpuBefore[i]! };
    });
    const r = phase.result;
    const seconds = (r.endedAt - r.startedAt) / 1000;
    return {
      hosts,
      msgPerS: r.accepted / seconds,
      answerP50Ms: percentile(r.answer, 50),
      answerP99Ms: percentile(r.answer, 99),
      deliverP50Ms: percentile(r.deliver, 50),
      deliverP99Ms: percentile(r.deliver, 99),
      perHost,
      ...counts(r),
    };
  } finally {
    if (hosts === 1) {
      await balancer.setState('app2', 'ready');
      await balancer.waitStatus('app2', 'UP');
    }
  }
}
