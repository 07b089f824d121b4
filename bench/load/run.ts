// Load harness (not a test): `npm run bench:load -- --help`.
// Each repeat measures the bare pipeline (bare-server.ts), the durable floor (the same plus one
// INSERT + COMMIT per message on the same engine) and then the product (product-server.ts:
// buildApp on a scratch PostgreSQL database + Redis, or PGlite) under the same clients: members
// seeded directly, one real socket.io-client socket each in client worker processes, sends over
// HTTP in a closed loop (--messages per member) or at an open-loop --rate for --duration seconds.
// Prints a table per repeat, the product/bare ratios (median and spread over repeats) and writes
// everything as JSON (bench/load/results/ unless --out).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropRedisPrefix } from '@chat/server/bench-api';
import { readMachineCpu, stealShare } from '../measure';
import { scratchDatabase } from '../scratch-database';
import { ServerChild, WorkerChild } from './children';
import { type LoadOptions, parseOptions } from './options';
import { runPushComparison, type Variant } from './push-run';
import type { BenchMember, ServerConfig, ServerStats, WorkerTask } from './protocol';
import { percent, printProfile, printRuns } from './report';
import { figures, type RestartTimes, type RunFigures } from './summary';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Lets presence records and the connect-time updates settle before the memory is read. */
const SETTLE_MS = 1500;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Functions listed from each --profile (by self time). */
const PROFILE_TOP = 25;

const statsOf = (servers: ServerChild[], gc: boolean) => Promise.all(servers.map((s) => s.stats(gc)));

/** The bare pipeline has no database: its members are made up here. */
function bareMembers(count: number): BenchMember[] {
  const ids = Array.from({ length: count }, () => randomUUID());
  const conversations = Array.from({ length: count / 2 }, () => randomUUID());
  return ids.map((id, i) => ({ id, name: `Membro ${i}`, token: 'bare', peerId: ids[i ^ 1]!, conversationId: conversations[i >> 1]! }));
}

const epochNow = () => performance.timeOrigin + performance.now();

async function runOnce(
  kind: ServerConfig['kind'],
  options: LoadOptions,
  variant: Variant = { away: null, push: null },
): Promise<RunFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-load-'));
  const postgres = kind !== 'bare' && options.engine === 'postgres';
  const redis = kind === 'product' && postgres;
  const scratch = postgres ? await scratchDatabase(options.databaseUrl) : null;
  const profileDir = options.profile && kind === 'product' ? path.join(here, 'profiles') : null;
  const base: ServerConfig = {
    kind,
    port: options.restart ? await freePort() : 0,
    dataDir,
    databaseUrl: scratch?.url,
    redisUrl: redis ? options.redisUrl : undefined,
    redisKeyPrefix: `chat-load-${randomBytes(4).toString('hex')}`,
    jwtSecret: randomBytes(32).toString('hex'),
    seedMembers: kind === 'product' ? options.members : 0,
    durability: options.durability,
    workspaceSize: options.workspaceSize,
    push: variant.push ?? undefined,
  };
  const servers: ServerChild[] = [];
  const workers: WorkerChild[] = [];
  try {
    servers.push(await ServerChild.start(base));
    if (options.processes === 2) servers.push(await ServerChild.start({ ...base, seedMembers: 0 }));
    const members = kind === 'product' ? servers[0]!.members : bareMembers(options.members);
    const seeded = await statsOf(servers, true);

    // Pairs stay in one worker; with two processes a member's socket is on one and its posts
    // go to either, so half the messages cross from one process to the other through Redis.
    const perWorker = Math.ceil(members.length / options.workers / 2) * 2;
    const slices = Array.from({ length: options.workers }, (_, w) => members.slice(w * perWorker, (w + 1) * perWorker)).filter(
      (s) => s.length > 0,
    );
    let offset = 0;
    const tasks: WorkerTask[] = slices.map((slice) => {
      const at = (i: number, pick: (n: number) => number) => servers[pick(offset + i) % servers.length]!.url;
      const task: WorkerTask = {
        kind: kind === 'product' ? 'product' : 'bare',
        members: slice,
        socketUrls: slice.map((_, i) => at(i, (n) => n)),
        postUrls: slice.map((_, i) => at(i, (n) => n >> 1)),
        mode: options.rate === null ? 'closed' : 'open',
        messages: options.messages,
        rate: ((options.rate ?? 0) * slice.length) / members.length,
        durationS: options.durationS,
        warmup: options.warmup,
        reconnect: options.restart,
        // Counting waits for every socket to be back and caught up (bounded); the drain then only
        // lets the last live deliveries arrive.
        reconnectWaitMs: options.reconnectWaitS * 1000,
        drainMs: 10_000,
        away: variant.away ? slice.map((_, i) => variant.away![offset + i]!) : undefined,
      };
      offset += slice.length;
      return task;
    });
    for (let w = 0; w < tasks.length; w++) workers.push(await WorkerChild.start(options.clientsNice));
    // The connection wave has its own profile: it is what a restart's reconnection repeats.
    if (profileDir) await Promise.all(servers.map((s) => s.startProfile()));
    const connecting = performance.now();
    await Promise.all(workers.map((w, i) => w.connect(tasks[i]!)));
    const connectS = (performance.now() - connecting) / 1000;
    const opened = tasks.reduce((n, task) => n + task.members.length - (task.away?.filter(Boolean).length ?? 0), 0);
    console.log(`  ${opened} sockets conectados em ${connectS.toFixed(1)} s, ${(opened / connectS).toFixed(0)} por segundo (${kind})`);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      for (const s of servers) printProfile(await s.stopProfile(profileDir, PROFILE_TOP), 'na onda de conexão');
    }
    const connected = await statsOf(servers, true);
    // The server's CPU for the whole connection wave (handshakes, presence, stored delivery), per socket.
    const connectCpuMs = connected.reduce((sum, s, i) => sum + s.cpuMicros - seeded[i]!.cpuMicros, 0) / 1000;
    console.log(
      `  CPU do servidor na conexão: ${(connectCpuMs / members.length).toFixed(2)} ms por socket (carga ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    await Promise.all(workers.map((w) => w.warm()));

    for (const s of servers) s.resetLoop();
    if (profileDir) await Promise.all(servers.map((s) => s.startProfile()));
    const start = await statsOf(servers, false);
    const machineAtStart = readMachineCpu();
    const running = Promise.all(workers.map((w) => w.run()));
    let restart: RestartTimes | null = null;
    if (options.restart) {
      await new Promise((r) => setTimeout(r, (options.durationS * 1000) / 2));
      console.log(`  reiniciando o processo 1 (${members.length} sockets conectados)...`);
      // With --profile the measured phase's profile of process 1 ends here, and the shutdown gets its own.
      if (profileDir) printProfile(await servers[0]!.stopProfile(profileDir, PROFILE_TOP), 'na fase medida até o reinício');
      const stopAskedAt = epochNow();
      const closeProfile = profileDir ? await servers[0]!.stopProfiled(profileDir, PROFILE_TOP) : await servers[0]!.stop();
      const stoppedAt = epochNow();
      if (closeProfile) printProfile(closeProfile, 'no encerramento (app.close())');
      servers[0] = await ServerChild.start({ ...base, seedMembers: 0 });
      restart = { stopAskedAt, stoppedAt, readyAt: epochNow() };
      // The restarted process's profile covers what is left of the measured phase: the reconnection wave and the catch-up.
      if (profileDir) await servers[0].startProfile();
      console.log(
        `  close() em ${((stoppedAt - stopAskedAt) / 1000).toFixed(1)} s, partida em ${((restart.readyAt - stoppedAt) / 1000).toFixed(1)} s`,
      );
    }
    const results = await running;
    const end: ServerStats[] = await statsOf(servers, false);
    const steal = stealShare(machineAtStart, readMachineCpu());
    if (profileDir) {
      mkdirSync(profileDir, { recursive: true });
      for (const s of servers) printProfile(await s.stopProfile(profileDir, PROFILE_TOP));
    }
    return figures(kind, members.length, results, { seeded, connected, start, end }, restart, steal);
  } finally {
    await Promise.allSettled(workers.map((w) => w.finish()));
    await Promise.allSettled(servers.map((s) => s.stop()));
    if (scratch) await scratch.drop().catch(() => undefined);
    if (redis) await dropRedisPrefix(options.redisUrl, base.redisKeyPrefix!).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const label =
    options.engine === 'postgres'
      ? 'PostgreSQL + Redis'
      : options.durability === 'fast'
        ? 'PGlite sem fsync (--durability fast)'
        : 'PGlite';
  const load =
    options.rate === null
      ? `${options.messages} mensagens cada (laço fechado)`
      : `${options.rate}/s por ${options.durationS} s (laço aberto)`;
  console.log(
    `${label}, ${options.processes} processo(s), ${options.members} membros, ${load}, ${options.repeat} repetição(ões), clientes com nice ${options.clientsNice}`,
  );
  if (options.push) return runPushComparison(options, (variant) => runOnce('product', options, variant));
  const runs: Array<{ bare: RunFigures | null; floor: RunFigures | null; product: RunFigures }> = [];
  for (let r = 0; r < options.repeat; r++) {
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const bare = options.skipBare ? null : await runOnce('bare', options);
    const floor = options.skipFloor ? null : await runOnce('floor', options);
    const product = await runOnce('product', options);
    runs.push({ bare, floor, product });
    const stolen = (f: RunFigures) => (f.machineSteal === null ? '' : `, CPU roubada ${percent(f.machineSteal)}`);
    const shown = (name: string, f: RunFigures | null) =>
      f ? `; ${name} ${f.throughput.toFixed(0)} msg/s, p50 ${f.deliverP50.toFixed(2)} ms${stolen(f)}` : '';
    console.log(
      `  repetição ${r + 1} (carga média ${load}): produto ${product.throughput.toFixed(0)} msg/s, p50 ${product.deliverP50.toFixed(2)} ms${stolen(product)}` +
        shown('base', bare) +
        shown('piso', floor),
    );
  }
  const summary = printRuns(runs);
  const out =
    options.out ??
    path.join(
      here,
      'results',
      `${options.engine}-${options.processes}p-${options.members}m-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
  mkdirSync(path.dirname(out), { recursive: true });
  const { databaseUrl: _d, redisUrl: _r, ...shown } = options;
  writeFileSync(
    out,
    JSON.stringify({ engine: label, options: shown, machine: { cpus: os.cpus().length, loadAtEnd: os.loadavg() }, runs, summary }, null, 2),
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), out)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:load falhou:', error);
    process.exit(1);
  },
);
