// Big-team benchmark (not a test): `npm run bench:big -- --help`. For each engine it starts the
// product as a child process (big-server.ts: PGlite in a temporary DATA_DIR, or a scratch
// PostgreSQL database + Redis under its own key prefix), seeds a big team directly into the base
// tables (seed-team.ts), drives it through the public HTTP and socket calls only, from client
// processes (watcher.ts), and prints each figure beside its target (report.ts). Latencies are
// compared with a plain send with nobody looking, measured in the same run: the machine is shared.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropRedisPrefix } from '@chat/server/bench-api';
import { percentile } from '../measure';
import { scratchDatabase } from '../scratch-database';
import { bundleEntry } from '../load/bundle-child';
import { ServerChild } from '../load/children';
import { request } from '../load/http-post';
import { printProfile } from '../load/report';
import { type BigEngine, type BigOptions, parseBigOptions, USAGE } from './options';
import type { FromBigServer, Heard, OpenResult, Person, SeededTeam, StorageSizes } from './protocol';
import { type EngineFigures, latencies, printFigures } from './report';
import { measureHeavySignIn, measureTeamPage } from './first-screens';
import { sendAtRate } from './sender';
import { Watcher } from './watchers';

const here = path.dirname(fileURLToPath(import.meta.url));
/** One client process holds this many sockets before its own event loop skews the timings. */
const SOCKETS_PER_WATCHER = 500;
/** After the last send, for the last deliveries to arrive. */
const DRAIN_MS = 3000;
/** Past DRAIN_MS, the wait for the rest goes on while they still come (none for this long ends it), up to DRAIN_MAX_MS. */
const DRAIN_QUIET_MS = 5000;
const DRAIN_MAX_MS = 120_000;
/** Functions listed from the looking phase's profile (--profile). */
const PROFILE_TOP = 25;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const epochNow = () => performance.timeOrigin + performance.now();

function slices<T>(items: T[], per: number): T[][] {
  const count = Math.max(1, Math.ceil(items.length / per));
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((s) => s.length > 0);
}

/** Client processes holding one socket per person, connected in batches; returns them and the time it took (s). */
async function connectWatchers(url: string, people: Person[], groupId: string, nice: number) {
  const parts = slices(people, SOCKETS_PER_WATCHER);
  const watchers = await Promise.all(parts.map(() => Watcher.start(nice)));
  const started = performance.now();
  await Promise.all(watchers.map((w, i) => w.ask({ type: 'connect', url, people: parts[i]!, groupId }, 'connected')));
  return { watchers, parts, connectS: (performance.now() - started) / 1000 };
}

/**
 * Waits for the deliveries expected after the last send: on a loaded machine the client processes
 * (at a lower priority) read their sockets late, and a fixed wait counted those as never heard.
 */
async function drain(watchers: Watcher[], expected: number): Promise<void> {
  await pause(DRAIN_MS);
  const until = performance.now() + DRAIN_MAX_MS;
  let last = -1;
  let lastChange = performance.now();
  while (performance.now() < until) {
    const counts = await Promise.all(watchers.map((w) => w.ask({ type: 'count' }, 'counted')));
    const heard = counts.reduce((n, c) => n + c.deliveries, 0);
    if (heard >= expected) return;
    if (heard !== last) [last, lastChange] = [heard, performance.now()];
    else if (performance.now() - lastChange > DRAIN_QUIET_MS) return;
    await pause(500);
  }
}

const heardBy = async (watchers: Watcher[]): Promise<Heard> => {
  const all = await Promise.all(watchers.map((w) => w.ask({ type: 'report' }, 'heard')));
  return {
    deliver: all.flatMap((h) => h.heard.deliver),
    groupUpdatedBytes: all.flatMap((h) => h.heard.groupUpdatedBytes),
    drops: all.reduce((n, h) => n + h.heard.drops, 0),
  };
};

/** Every watcher's members open the group at once; the wave's time and what the lists say afterwards. */
async function readWave(watchers: Watcher[]) {
  const started = epochNow();
  const opened = await Promise.all(watchers.map((w) => w.ask({ type: 'open' }, 'opened')));
  const results: OpenResult[] = opened.map((o) => o.result);
  const doneAt = results.flatMap((r) => r.doneAt);
  const pageMs = results.flatMap((r) => r.pageAt.map((t) => t - started));
  return {
    totalMs: Math.max(...doneAt) - started,
    pageP50Ms: percentile(pageMs, 50),
    pageP99Ms: percentile(pageMs, 99),
    unconfirmed: results.reduce((n, r) => n + r.unconfirmed, 0),
    httpErrors: results.reduce((n, r) => n + r.httpErrors, 0),
  };
}

async function unreadLeft(watchers: Watcher[]) {
  const checks = await Promise.all(watchers.map((w) => w.ask({ type: 'unread' }, 'unread')));
  return { readsLost: checks.reduce((n, c) => n + c.notZero, 0), checkFailed: checks.reduce((n, c) => n + c.failed, 0) };
}

async function runEngine(engine: BigEngine, options: BigOptions, serverFile: string): Promise<EngineFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-big-'));
  const postgres = engine === 'postgres';
  const scratch = postgres ? await scratchDatabase(options.databaseUrl) : null;
  const redisKeyPrefix = `chat-big-${randomBytes(4).toString('hex')}`;
  const watchers: Watcher[] = [];
  let server: ServerChild | null = null;
  try {
    const seeding = performance.now();
    server = await ServerChild.startBundled(serverFile, {
      port: 0,
      dataDir,
      databaseUrl: scratch?.url,
      redisUrl: postgres ? options.redisUrl : undefined,
      redisKeyPrefix,
      jwtSecret: randomBytes(32).toString('hex'),
      durability: 'strict',
      shape: options.shape,
    });
    const seedS = (performance.now() - seeding) / 1000;
    const team = server.seeded as SeededTeam;
    const url = server.url;
    const sizes = async () => (await server!.ask<Extract<FromBigServer, { type: 'sizes' }>>({ type: 'sizes' }, 'sizes')).sizes;
    console.log(`  ${options.shape.members} membros semeados em ${seedS.toFixed(1)} s`);

    // The quiet calls first, on an idle server.
    const teamPage = await measureTeamPage(url, team.admin);
    const heavy = await measureHeavySignIn(url, team.heavy);

    // The plain send: a conversation of two, the receiver online, nobody else connected.
    const solo = await connectWatchers(url, [team.heavy], team.groupId, options.clientsNice);
    watchers.push(...solo.watchers);
    const baseSends = await sendAtRate(url, team.baselinePeer, team.baselineConversationId, false, options.rate, options.baselineS);
    await drain(solo.watchers, baseSends.sent);
    const baseHeard = await heardBy(solo.watchers);
    await Promise.all(solo.watchers.map((w) => w.finish()));
    const baseline = latencies(baseSends.sent, baseSends.httpMs, baseHeard.deliver, baseSends.sent);
    console.log(`  base medida (${baseSends.sent} envios)`);

    // The read wave: every reader connected first, then all open the group at once.
    const group = await connectWatchers(url, team.readers, team.groupId, options.clientsNice);
    watchers.push(...group.watchers);
    console.log(`  ${team.readers.length} sockets conectados em ${group.connectS.toFixed(1)} s`);
    await pause(1000);
    await heardBy(group.watchers);
    server.resetLoop();
    const wave = await readWave(group.watchers);
    const waveLoop = (await server.stats(false)).loopDelayMaxMs;
    const waveDrops = (await heardBy(group.watchers)).drops;
    const waveLeft = await unreadLeft(group.watchers);
    console.log(`  onda de leitura em ${(wave.totalMs / 1000).toFixed(1)} s`);

    // The looking phase: `looking` of them stay, with the group open, while messages arrive.
    const keep = slices(team.readers, SOCKETS_PER_WATCHER).map((part) => Math.round((part.length * options.looking) / team.readers.length));
    const stayed = await Promise.all(group.watchers.map((w, i) => w.ask({ type: 'keep', count: keep[i]! }, 'kept')));
    const kept = new Set(group.parts.flatMap((part, i) => part.slice(0, keep[i])));
    // Those back from a drop in the wave, or never dropped: the ones that hear the phase.
    const sockets = stayed.reduce((n, k) => n + k.connected, 0);
    if (sockets < kept.size) console.log(`  ${kept.size - sockets} dos ${kept.size} que olham não voltaram a conectar`);
    const before: StorageSizes = await sizes();
    await Promise.all(group.watchers.map((w) => w.ask({ type: 'look', on: true }, 'looking')));
    await heardBy(group.watchers);
    server.resetLoop();
    if (options.profileDir) {
      mkdirSync(options.profileDir, { recursive: true });
      await server.startProfile();
    }
    const sends = await sendAtRate(url, team.sender, team.groupId, true, options.rate, options.durationS);
    await drain(group.watchers, sends.sent * sockets);
    const phaseLoop = (await server.stats(false)).loopDelayMaxMs;
    if (options.profileDir) printProfile(await server.stopProfile(path.resolve(options.profileDir), PROFILE_TOP), 'com o grupo olhado');
    const phaseHeard = await heardBy(group.watchers);
    const afterPhase = await sizes();
    console.log(`  fase medida: ${sends.sent} mensagens a ${sockets} olhando`);

    // A rename, heard by those still connected.
    await request(
      'PATCH',
      `${url}/api/group/update/${team.groupId}`,
      { authorization: `Bearer ${team.sender.token}` },
      JSON.stringify({ name: 'Equipe toda renomeada', description: 'O grupo grande do benchmark' }),
    );
    await pause(1000);
    const renamed = (await heardBy(group.watchers)).groupUpdatedBytes;

    // The others come back and read what they missed: every member has the phase's messages.
    const rest = team.readers.filter((p) => !kept.has(p));
    const back = await connectWatchers(url, rest, team.groupId, options.clientsNice);
    watchers.push(...back.watchers);
    const catchUp = rest.length > 0 ? await readWave(back.watchers) : null;
    const catchUpLeft = rest.length > 0 ? await unreadLeft(back.watchers) : { readsLost: 0 };
    const afterAllRead = await sizes();
    const upkept = await server.ask<Extract<FromBigServer, { type: 'upkept' }>>({ type: 'upkeep' }, 'upkept');
    const afterUpkeep = upkept.ran ? await sizes() : null;

    return {
      engine: postgres ? 'PostgreSQL + Redis' : 'PGlite',
      seedS,
      storage: { sent: sends.sent, before, afterPhase, afterAllRead, afterUpkeep },
      baseline,
      looking: {
        ...latencies(sends.sent, sends.httpMs, phaseHeard.deliver, sends.sent * sockets),
        sockets,
        loopMaxMs: phaseLoop,
        drops: phaseHeard.drops,
      },
      wave: { members: team.readers.length, connectS: group.connectS, ...wave, loopMaxMs: waveLoop, drops: waveDrops, ...waveLeft },
      catchUp: { members: rest.length, totalMs: catchUp?.totalMs ?? 0, readsLost: catchUpLeft.readsLost },
      team: teamPage,
      renameBytes: renamed.length > 0 ? Math.max(...renamed) : null,
      heavy,
    };
  } finally {
    await Promise.allSettled(watchers.map((w) => w.finish()));
    await server?.stop().catch(() => undefined);
    if (scratch) await scratch.drop().catch(() => undefined);
    if (postgres) await dropRedisPrefix(options.redisUrl, redisKeyPrefix).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseBigOptions(process.argv.slice(2), process.env);
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const { shape } = options;
  console.log(
    `Equipes grandes${options.quick ? ' (--quick)' : ''}: ${shape.members} membros, grupo de ${shape.groupMembers} com ${shape.unread} não lidas, ` +
      `${options.looking} olhando, ${options.rate} msg/s por ${options.durationS} s; membro pesado em ${shape.heavyConversations} conversas e ${shape.heavyGroups} grupos`,
  );
  const serverFile = await bundleEntry(path.join(here, 'big-server.ts'), 'server');
  const results: EngineFigures[] = [];
  for (const engine of options.engines) {
    console.log(
      `\n${engine}: (carga da máquina ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
    const figures = await runEngine(engine, options, serverFile);
    printFigures(figures);
    results.push(figures);
  }
  const out = options.out ?? path.join(here, 'results', `big-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  const { databaseUrl: _d, redisUrl: _r, ...shown } = options;
  writeFileSync(out, JSON.stringify({ options: shown, machine: { cpus: os.cpus().length, loadAtEnd: os.loadavg() }, results }, null, 2));
  console.log(`\nJSON: ${path.relative(process.cwd(), out)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench:big falhou:', error);
    process.exit(1);
  },
);
