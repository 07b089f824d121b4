import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp, parseEnv } from '@chat/server/bench-api';
import { onCleanup } from '../drill/cleanup';
import { WorkerChild } from '../load/children';
import type { BenchMember, WorkerResult, WorkerTask } from '../load/protocol';
import { seedMembers } from '../load/seed-members';
import { type Cluster, ROOT_PASSWORD } from './cluster';

// The load harness's clients (bench/load/client-worker.ts: one socket.io-client socket per member,
// sends over HTTP with a clientId each, retried as the page's outbox retries, every receipt
// counted) in the clients' namespace, pointed at the balancer and nothing else.

/**
 * Niceness of the client process: the members' machines, which here share the hosts' cores. The
 * load harness's default (bench:load --clients-nice), so that its figures for one process without
 * a balancer compare with these.
 */
const CLIENTS_NICE = 19;

/** Members seeded straight into the cluster's database, with access tokens signed with its secret. */
export async function seedClusterMembers(cluster: Cluster, root: string, count: number): Promise<BenchMember[]> {
  const dataDir = path.join(root, 'seed');
  mkdirSync(dataDir, { recursive: true });
  const env = parseEnv({
    DATA_DIR: dataDir,
    WEB_ROOT: path.join(dataDir, 'web'),
    DATABASE_URL: cluster.databaseUrl,
    JWT_SECRET: cluster.jwtSecret,
    ROOT_PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ env });
  try {
    return await seedMembers(app, count);
  } finally {
    await app.close();
  }
}

export interface LoadSpec {
  members: BenchMember[];
  /** Closed loop (`messages` each, one after another) or open loop (`rate` per second for `durationS`). */
  mode: 'closed' | 'open';
  messages?: number;
  rate?: number;
  durationS?: number;
  /** Whether sockets reconnect and sends are retried (every phase but the throughput one). */
  reconnect: boolean;
}

export interface Phase<T> {
  result: WorkerResult;
  /** What `during` returned. */
  during: T;
}

/**
 * Connects the members' sockets through the balancer, calls `connected` (sockets in place, no
 * sends yet), starts the sends and runs `during` alongside them, and `ended` once every send is
 * settled and counted (the sockets still open); resolves then.
 */
export async function runLoad<T>(
  cluster: Cluster,
  spec: LoadSpec,
  hooks: { connected?: () => Promise<void>; during?: () => Promise<T>; ended?: () => Promise<void> } = {},
): Promise<Phase<T | undefined>> {
  const url = cluster.balancer.url;
  const task: WorkerTask = {
    kind: 'product',
    members: spec.members,
    socketUrls: spec.members.map(() => url),
    postUrls: spec.members.map(() => url),
    mode: spec.mode,
    messages: spec.messages ?? 0,
    rate: spec.rate ?? 0,
    durationS: spec.durationS ?? 0,
    warmup: 0,
    reconnect: spec.reconnect,
    reconnectWaitMs: 60_000,
    drainMs: 10_000,
  };
  const worker = await WorkerChild.start(CLIENTS_NICE, cluster.topology.clients.netns);
  const stop = onCleanup(() => worker.kill());
  try {
    await worker.connect(task);
    await hooks.connected?.();
    const running = worker.run();
    const during = await hooks.during?.();
    const result = await running;
    await hooks.ended?.();
    return { result, during };
  } finally {
    await worker.finish().catch(() => undefined);
    await stop();
  }
}
