// Fault drill (`npm run drill -- --help`; docs/drill.md): two processes of the built product on a
// private PostgreSQL and Redis the drill starts and removes itself, members talking across the two
// processes through failover proxies, and in turn Redis killed, PostgreSQL stopped and one process
// killed, each restarted. Prints what was acknowledged, stored, shown and lost per fault and run;
// exits non-zero when a target is missed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_DIR } from '../server-dir';
import { cleanUp, cleanUpOnSignals, onCleanup } from './cleanup';
import { deploy } from './deployment';
import { exercise } from './exercise';
import { parseDrillOptions } from './options';
import { startPrivatePostgres } from './private-postgres';
import { startPrivateRedis } from './private-redis';
import { printTable, printVerdict } from './report';
import type { FaultFigures } from './tally';

cleanUpOnSignals();
const options = parseDrillOptions(process.argv.slice(2));
let passed = false;
try {
  console.log('▶ Compilando o servidor (server/dist/main.js)');
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  const root = mkdtempSync(path.join(os.tmpdir(), 'papo-exercicio-'));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  const postgres = await startPrivatePostgres();
  const redis = await startPrivateRedis();
  console.log(`▶ PostgreSQL privado na porta ${postgres.port}, Redis privado em ${redis.url}`);
  const all: FaultFigures[] = [];
  for (let run = 1; run <= options.runs; run++) {
    console.log(`\n▶ Execução ${run}/${options.runs}: ${options.members} membros, ${options.durationS} s de tráfego por falha`);
    const deployment = await deploy(run, root, postgres, redis, options.members);
    try {
      for (const key of options.faults) {
        const figures = await exercise(run, key, deployment, options);
        all.push(figures);
        printTable([figures]);
      }
    } finally {
      await deployment.close();
    }
  }
  console.log('\nResumo');
  printTable(all);
  passed = printVerdict(all);
} catch (error) {
  console.error('\nO exercício falhou:', error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
}
process.exit(passed ? 0 : 1);
