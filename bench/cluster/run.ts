// Cluster drill (`npm run drill:cluster -- --help`; docs/drill.md, "Cluster"): two application
// hosts, a PostgreSQL host, a Redis host and HAProxy on the operator's guide configuration, each in
// its own network namespace, the load harness's clients in another that reaches only the
// balancer. Shows a message crossing hosts, a host's process killed with its clients back on the
// other, a rolling upgrade without a failed send, and the throughput through the balancer on one
// host and on two. Removes every namespace and process at the end, on failure and on Ctrl-C.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_DIR } from '../server-dir';
import { cleanUp, cleanUpOnSignals, onCleanup } from '../drill/cleanup';
import { deployCluster } from './cluster';
import { seedClusterMembers } from './load';
import { parseClusterOptions } from './options';
import { type ClusterFigures, printFigures, verdict } from './report';
import { crossHost, killHost, rollingUpgrade, throughput } from './scenarios';

cleanUpOnSignals();
const options = parseClusterOptions(process.argv.slice(2));
if (process.getuid?.() !== 0) {
  console.error('O exercício de cluster cria namespaces de rede (ip netns): rode como root.');
  process.exit(1);
}
let passed = false;
const started = performance.now();
try {
  console.log('▶ Compilando o servidor (server/dist/main.js)');
  execFileSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  const root = mkdtempSync(path.join(os.tmpdir(), 'papo-cluster-'));
  onCleanup(() => rmSync(root, { recursive: true, force: true }));
  console.log('▶ Montando a rede e os hosts');
  const cluster = await deployCluster(root);
  const members = await seedClusterMembers(cluster, root, options.members);

  console.log('▶ Uma mensagem entre hosts');
  const cross = await crossHost(cluster, members.slice(0, 2));
  console.log(`▶ O processo de app1 morto com ${options.members} membros enviando ${options.rate}/s`);
  const kill = await killHost(cluster, members, options.rate, options.killS);
  console.log(`▶ Atualização contínua (SIGTERM e nova partida de cada processo) com ${options.rate}/s`);
  const upgrade = await rollingUpgrade(cluster, members, options.rate, options.upgradeS);
  const figures: ClusterFigures = { cross, kill, upgrade, throughput: [] };
  if (options.messages > 0) {
    for (const hosts of [2, 1] as const) {
      console.log(`▶ Vazão pelo balanceador, ${hosts} host(s): ${options.members} membros × ${options.messages} mensagens`);
      figures.throughput.push(await throughput(cluster, members, options.messages, hosts));
    }
  }
  printFigures(figures);
  passed = verdict(figures);
} catch (error) {
  console.error('\nO exercício de cluster falhou:', error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await cleanUp();
}
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s no total)`);
process.exit(passed ? 0 : 1);
