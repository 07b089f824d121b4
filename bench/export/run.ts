// Benchmark of the ADMIN's workspace export (not a test): `npm run bench:export` (`tsx
// export/run.ts` in bench/). For each engine (PGlite always; PostgreSQL when DATABASE_URL is set)
// and each size of EXPORT_SIZES ("messages:megabytes of files", comma separated; by default
// 10000:100 and 100000:1024) it starts a process of its own, builds the real app on a scratch
// database, seeds one workspace (export/seed.ts), asks for its export through the route, waits for
// the background job, and prints the export's time, the zip's size and the process's memory: RSS
// before the export and its peak during it (the kernel's high-water mark, reset once the seeding
// is done, besides samples every 20 ms), and the JavaScript heap's peak.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DataExportState } from '@chat/contracts';
import { buildApp, parseEnv } from '@chat/server/bench-api';
import { table } from '../measure';
import { scratchDatabase } from '../scratch-database';
import { seedExportBench } from './seed';

interface Scenario {
  engine: 'PGlite' | 'PostgreSQL';
  messages: number;
  fileMb: number;
}

interface Result extends Scenario {
  files: number;
  seedSeconds: number;
  exportSeconds: number;
  zipBytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  heapPeakMb: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round(bytes / MB);

/** VmHWM (peak resident set) of this process, in bytes; null where /proc is missing. */
function highWaterMark(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (Linux: "5" to clear_refs); false when the kernel refuses. */
function resetHighWaterMark(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

async function runScenario(scenario: Scenario): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-export-'));
  const scratch = scenario.engine === 'PostgreSQL' ? await scratchDatabase(process.env.DATABASE_URL!) : null;
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: 'senha-root-bench',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DB_DURABILITY: 'fast',
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ env });
    await app.ready();
    const seedStart = Date.now();
    const seeded = await seedExportBench(app, dataDir, scenario.messages, scenario.fileMb * MB);
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const rssBefore = process.memoryUsage().rss;
    const hwmReset = resetHighWaterMark();
    let sampledPeak = rssBefore;
    let heapPeak = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      sampledPeak = Math.max(sampledPeak, usage.rss);
      heapPeak = Math.max(heapPeak, usage.heapUsed);
    }, 20);

    const headers = { authorization: `Bearer ${seeded.adminToken}` };
    const started = process.hrtime.bigint();
    const asked = await app.inject({ method: 'POST', url: '/api/workspace-export', headers });
    if (asked.statusCode !== 202) throw new Error(`POST /api/workspace-export: ${asked.statusCode} ${asked.body}`);
    await app.dataExportJobs.idle();
    const exportSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    const hwm = hwmReset ? highWaterMark() : null;

    const state = (await app.inject({ method: 'GET', url: '/api/workspace-export/status', headers })).json<DataExportState>().export;
    if (state?.status !== 'ready') throw new Error(`exportação não ficou pronta: ${JSON.stringify(state)}`);
    return {
      ...scenario,
      files: seeded.files,
      seedSeconds,
      exportSeconds,
      zipBytes: state.sizeBytes ?? 0,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(Math.max(sampledPeak, hwm ?? 0)),
      heapPeakMb: mb(heapPeak),
    };
  } finally {
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a scenario in a process of its own, so that one run's memory is not another's. */
function inChild(scenario: Scenario): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', JSON.stringify(scenario)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Result);
      else reject(new Error(`cenário ${JSON.stringify(scenario)} terminou com ${code}: ${out}`));
    });
  });
}

function sizes(): Array<{ messages: number; fileMb: number }> {
  const spec = process.env.EXPORT_SIZES || '10000:100,100000:1024';
  return spec.split(',').map((pair) => {
    const [messages, fileMb] = pair.split(':').map(Number);
    if (!Number.isInteger(messages) || !Number.isInteger(fileMb)) throw new Error(`EXPORT_SIZES inválido: ${spec}`);
    return { messages: messages!, fileMb: fileMb! };
  });
}

async function main() {
  const childAt = process.argv.indexOf('--child');
  if (childAt >= 0) {
    console.log(JSON.stringify(await runScenario(JSON.parse(process.argv[childAt + 1]!) as Scenario)));
    return;
  }
  const engines: Scenario['engine'][] = ['PGlite'];
  if (process.env.DATABASE_URL) engines.push('PostgreSQL');
  else console.log('DATABASE_URL não definida: só PGlite.');
  const results: Result[] = [];
  for (const engine of engines) {
    for (const size of sizes()) {
      process.stdout.write(`[${engine}] ${size.messages.toLocaleString('pt-BR')} mensagens, ${size.fileMb} MB de arquivos... `);
      const result = await inChild({ engine, ...size });
      console.log(`exportação em ${result.exportSeconds.toFixed(1)} s, pico de RSS ${result.rssPeakMb} MB`);
      results.push(result);
    }
  }
  console.log('\nExportação do workspace (POST /api/workspace-export até o zip pronto, um processo por cenário):\n');
  console.log(
    table(
      ['motor', 'mensagens', 'arquivos', 'semeadura', 'exportação', 'zip', 'RSS antes', 'pico de RSS', 'pico do heap JS'],
      results.map((r) => [
        r.engine,
        r.messages.toLocaleString('pt-BR'),
        `${r.files} × 1 MB`,
        `${r.seedSeconds.toFixed(1)} s`,
        `${r.exportSeconds.toFixed(1)} s`,
        `${mb(r.zipBytes)} MB`,
        `${r.rssBeforeMb} MB`,
        `${r.rssPeakMb} MB`,
        `${r.heapPeakMb} MB`,
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
